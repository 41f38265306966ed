/**
 * Every page is a real file of the build, so any static host serves it from any sub-path without
 * rewrites: index.html (the landing page), playground/index.html (the playground),
 * lessons/index.html (the lessons, listed), lessons/ID/index.html for each lesson folder under
 * lessons/ (by the lesson's id), and the workshop pages (workshop/, workshop/results/,
 * workshop/own/: docs/workshop.md). Every page but the root is generated from index.html here;
 * lessons/ itself holds content only.
 *
 * Every built page carries the Content-Security-Policy as a <meta> (static hosts that send no
 * header still enforce it); `vite preview` also sends it as a header.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { listed, readCatalogue } from '../src/tutorial/catalogue.js';
import { readLessonTree } from '../src/cli/files.js';

/** No eval, no inline script, workers and every request same-origin. Styles may be inline (Monaco injects them). */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** A page with the CSP as a meta tag after its charset (the widget's static pages use it too). */
export function withCsp(html: string): string {
  return html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CSP}" />`);
}

export interface LessonPage {
  readonly id: string;
  readonly title: string;
  readonly track: string;
}

/** The listed lessons under `dir` (folders starting with `_` are not pages). */
export function lessonPages(dir: string): LessonPage[] {
  return [...listed(readCatalogue(readLessonTree(dir))).values()].flat().map((l) => ({ id: l.meta.id, title: l.meta.title, track: l.meta.track }));
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** index.html made into another page: its title and the data the app reads. */
function derive(template: string, opts: { title: string; data: Record<string, string> }): string {
  const attrs = Object.entries(opts.data).map(([k, v]) => ` data-${k}="${escapeHtml(v)}"`).join('');
  return template
    // The template's `./` URLs are relative to the root; from a page deeper down they are root URLs.
    .replace(/(src|href)="\.\//g, '$1="/')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(opts.title)}</title>`)
    .replace(/<div id="app"[^>]*><\/div>/, `<div id="app"${attrs}></div>`);
}

/** The pages that are not lessons, besides the root (index.html itself, the landing page). */
export const PAGES: readonly { readonly path: string; readonly page: string; readonly title: string }[] = [
  { path: 'playground/', page: 'playground', title: 'Playground — Everynode' },
  { path: 'workshop/', page: 'workshop', title: 'Workshop — Everynode' },
  { path: 'workshop/results/', page: 'workshop-results', title: 'Workshop results — Everynode' },
  { path: 'workshop/own/', page: 'own-lesson', title: 'Your own lesson — Everynode' },
];

/** `a/b/` -> `../../`: the root relative to a page at that path. */
const rootOf = (path: string): string => '../'.repeat(path.split('/').filter((p) => p !== '').length);

export function pages(root: string): Plugin {
  const html = new Map<string, string>();
  const build = (): void => {
    const template = readFileSync(join(root, 'index.html'), 'utf8');
    const lessons = lessonPages(join(root, 'lessons'));
    for (const p of PAGES) html.set(resolve(root, `${p.path}index.html`), derive(template, { title: p.title, data: { root: rootOf(p.path), page: p.page } }));
    html.set(
      resolve(root, 'lessons/index.html'),
      derive(template, { title: 'Lessons — Everynode', data: { root: '../', page: 'lessons' } }),
    );
    for (const l of lessons) {
      html.set(resolve(root, `lessons/${l.id}/index.html`), derive(template, { title: `${l.title} — Everynode`, data: { root: '../../', page: 'lesson', lesson: l.id } }));
    }
  };
  return {
    name: 'everynode-pages',
    config(_, env) {
      if (env.command !== 'build') return;
      build();
      return { build: { rollupOptions: { input: [resolve(root, 'index.html'), ...html.keys()] } } };
    },
    // The dev server answers every generated page at its directory URL, as a static host does.
    configureServer(server) {
      build();
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split(/[?#]/)[0]!;
        const page = path.endsWith('/') ? html.get(resolve(root, `.${path}index.html`)) : undefined;
        if (page === undefined) return next();
        server.transformIndexHtml(path, page).then(
          (text) => res.setHeader('Content-Type', 'text/html').end(text),
          next,
        );
      });
    },
    resolveId(id) {
      return html.has(id) ? id : undefined;
    },
    load(id) {
      return html.get(id);
    },
    transformIndexHtml: {
      order: 'pre',
      handler(text, ctx) {
        if (ctx.server) return text;
        return withCsp(text);
      },
    },
  };
}
