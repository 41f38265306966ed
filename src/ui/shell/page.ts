/** Which page of the site is showing, as its HTML says (see build/pages.ts). */
export interface PageInfo {
  readonly kind: 'playground' | 'lessons' | 'lesson';
  /** The site's root, relative to this page (`./`, `../`, `../../`). */
  readonly root: string;
  /** The lesson's id, on a lesson page. */
  readonly lesson?: string;
}

/** The playground's id on this page: its storage keys (a lesson keeps its own cluster). */
export function playgroundId(page: PageInfo): string {
  return page.kind === 'lesson' ? `lesson-${page.lesson}` : 'main';
}
