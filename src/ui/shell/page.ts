/** Which page of the site is showing, as its HTML says (see build/pages.ts). */
export interface PageInfo {
  readonly kind: PageKind;
  /** The site's root, relative to this page (`./`, `../`, `../../`). */
  readonly root: string;
  /** The lesson's id, on a lesson page. */
  readonly lesson?: string;
}

/** The site's pages: the landing page at the root, the playground, lessons and workshop pages. */
export const PAGE_KINDS = ['landing', 'playground', 'lessons', 'lesson', 'workshop', 'workshop-results', 'own-lesson'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** The kind a page's `data-page` names (the playground when it names none it knows). */
export function pageKind(data: string | undefined): PageKind {
  return PAGE_KINDS.find((k) => k === data) ?? 'playground';
}

/** Whether a page of this kind holds a playground of its own (the landing's picture is apart). */
export function hasPlayground(kind: PageKind): boolean {
  return kind === 'playground' || kind === 'lesson' || kind === 'own-lesson';
}

/** The playground's id on this page: its storage keys (a lesson keeps its own cluster). */
export function playgroundId(page: PageInfo): string {
  return page.kind === 'lesson' ? `lesson-${page.lesson}` : 'main';
}

/** The playground page, from the site's root (`root` as in PageInfo). */
export function playgroundUrl(root: string): string {
  return `${root}playground/`;
}
