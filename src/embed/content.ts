/**
 * What a widget opens with: a session script (run into an empty cluster) or manifests (opened in
 * the editor, not applied), from its `src` URL or from a child `<script type="text/x-everynode">`
 * / `<script type="text/yaml">`. The text is only ever handed to the engine as script lines or
 * to the editor as a file: nothing in it runs as code on the page.
 */
export type ContentKind = 'script' | 'yaml';

export interface Content {
  readonly kind: ContentKind;
  readonly text: string;
  /** The editor tab's name for manifests; the title for either. */
  readonly name: string;
}

/** The kind a `src` URL names by its extension, or undefined. */
export function kindOfUrl(src: string): ContentKind | undefined {
  const path = src.split(/[?#]/)[0]!.toLowerCase();
  if (/\.(sh|txt)$/.test(path)) return 'script';
  if (/\.ya?ml$/.test(path)) return 'yaml';
  return undefined;
}

/** A file name for the editor from a URL (its last segment), safe as a `-f NAME`. */
export function fileName(src: string, fallback: string): string {
  const last = src.split(/[?#]/)[0]!.split('/').pop() ?? '';
  const clean = last.replace(/[^A-Za-z0-9._-]/g, '');
  return clean || fallback;
}

/** The inline content among the element's children (the first matching script), if any. */
export function inlineContent(host: Element): Content | undefined {
  for (const child of host.children) {
    if (child.localName !== 'script') continue;
    const type = child.getAttribute('type')?.trim().toLowerCase();
    const text = dedent(child.textContent ?? '');
    if (type === 'text/x-everynode') return { kind: 'script', text, name: 'session' };
    if (type === 'text/yaml') return { kind: 'yaml', text, name: fileName(child.getAttribute('data-name') ?? '', 'manifest.yaml') };
  }
  return undefined;
}

/** Fetches `src` (same origin: the page's CSP allows nothing else) and names its kind. */
export async function fetchContent(src: string, base: string): Promise<Content> {
  const kind = kindOfUrl(src);
  if (!kind) throw new Error(`src="${src}" names neither a session script (.sh, .txt) nor manifests (.yaml, .yml)`);
  const url = new URL(src, base);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`src="${src}" could not be loaded (HTTP ${res.status})`);
  return { kind, text: await res.text(), name: fileName(src, kind === 'yaml' ? 'manifest.yaml' : 'session') };
}

/** Inline text as authors indent it inside HTML: the common leading indentation removed. */
export function dedent(text: string): string {
  const lines = text.replace(/^\s*\n/, '').replace(/\s+$/, '').split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join('\n') + '\n';
}
