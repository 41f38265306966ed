/**
 * Monaco's colours follow the page: light or dark as the page's surface is, with the page's own
 * background behind the text. The page's theme lives in CSS (`src/ui/theme.css`: a class or
 * attribute on the root, or the system preference), so this reads the editor host's computed
 * background and derives the Monaco theme from it, again whenever the root's attributes or the
 * system preference change. Monaco's theme is global: every editor on the page shares it.
 */
import type { Monaco } from './monaco.js';

const THEME = 'everynode';

/** `rgb(r, g, b)` / `rgba(r, g, b, a)` -> [r, g, b, a], or undefined. */
export function parseRgb(css: string): [number, number, number, number] | undefined {
  const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(css.trim());
  if (!m) return undefined;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
  return [Number(m[1]), Number(m[2]), Number(m[3]), alpha];
}

/** Relative luminance (WCAG) of an sRGB colour, 0 (black) to 1 (white). */
export function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

export function followPageTheme(monaco: Monaco, host: HTMLElement): () => void {
  const apply = (): void => {
    const rgba = parseRgb(getComputedStyle(host).backgroundColor);
    const opaque = rgba && rgba[3] > 0 ? rgba : undefined;
    const dark = opaque ? luminance(opaque) < 0.4 : matchMedia('(prefers-color-scheme: dark)').matches;
    monaco.editor.defineTheme(THEME, {
      base: dark ? 'vs-dark' : 'vs',
      inherit: true,
      rules: [],
      colors: {
        ...(opaque ? { 'editor.background': `#${hex(opaque[0])}${hex(opaque[1])}${hex(opaque[2])}` } : {}),
        // Monaco dims the line numbers of a file's last lines past its end below WCAG AA contrast:
        // give both the dimmed and the plain numbers a colour that reads on either background.
        ...(dark ? { 'editorLineNumber.foreground': '#a0a8b4', 'editorLineNumber.dimmedForeground': '#a0a8b4' } : { 'editorLineNumber.foreground': '#4b5563', 'editorLineNumber.dimmedForeground': '#4b5563' }),
      },
    });
    monaco.editor.setTheme(THEME);
  };
  apply();
  const observer = new MutationObserver(apply);
  for (const el of [document.documentElement, document.body]) observer.observe(el, { attributes: true, attributeFilter: ['class', 'data-theme', 'style'] });
  const media = matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', apply);
  return () => {
    observer.disconnect();
    media.removeEventListener('change', apply);
  };
}
