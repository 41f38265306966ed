import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fieldDocsPlugin } from './build/field-docs-plugin.js';
import { landingFramePlugin } from './build/landing-frame-plugin.js';
import { CSP, pages } from './build/pages.js';
import { widgetBuild } from './build/widget-build.js';
import { lessonsJson } from './build/lessons-json.js';
import { treeshake } from './build/treeshake.js';
import { workerChunks } from './build/worker-chunks.js';

/** The package version names the engine in session logs (src/ui/worker/session-log.ts). */
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
export const define = { __ENGINE_VERSION__: JSON.stringify(pkg.version) };

/** Monaco 0.56+ no longer exports `monaco-editor/esm/vs/...`, which monaco-yaml's worker imports. */
const monacoEsm = fileURLToPath(new URL('./node_modules/monaco-editor/esm/vs/', import.meta.url));
const alias = [{ find: /^monaco-editor\/esm\/vs\/(.*)$/, replacement: `${monacoEsm}$1` }];
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  // Relative URLs: the built site works from any sub-path of any static host.
  base: './',
  // The engine worker loads the field docs of kubectl explain on demand (build/field-docs-plugin.ts):
  // the dev server serves workers through `plugins`, the build bundles them with `worker.plugins`.
  // Each lesson reaches the page as JSON data (build/lessons-json.ts); the landing picture's first
  // frame, computed by the engine at build time, too (build/landing-frame-plugin.ts).
  // The docs widget (everynode-widget.js, embed.html, widget/) is built next, into the same dist/;
  // then sw.js, which precaches every file of both (build/sw-precache.ts).
  plugins: [svelte(), pages(root), fieldDocsPlugin(), landingFramePlugin(pkg.version), widgetBuild({ root, define, alias }), lessonsJson(fileURLToPath(new URL('./lessons', import.meta.url)))],
  define,
  resolve: {
    alias,
  },
  // The YAML worker's dependencies, pre-bundled up front: otherwise the dev server re-optimises on
  // the first worker request and aborts it, and validation never starts.
  optimizeDeps: { include: ['monaco-yaml/yaml.worker.js'] },
  worker: { format: 'es', plugins: () => [fieldDocsPlugin()], rollupOptions: { treeshake, output: workerChunks('assets') } },
  build: { target: 'es2022', sourcemap: false, rollupOptions: { treeshake } },
  server: { port: 5173 },
  preview: { port: 4173, headers: { 'Content-Security-Policy': CSP } },
});
