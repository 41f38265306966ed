/**
 * The docs widget's build, run after the site's own (`vite build` does both): a plain Vite build
 * with JS inputs (smaller than `build.lib`, which does not minify whitespace) writing into the
 * same dist/:
 * - `everynode-widget.js` defines `<everynode-playground>`; `everynode-embed.js` is the inside of
 *   `embed.html`; `everynode-resize.js` is the host page's resize script. Their names are stable
 *   (docs link to them); their chunks, the engine worker and Monaco are hashed under widget/assets/.
 * - Svelte injects each component's styles where it mounts (the widget's shadow root), not into a
 *   document stylesheet, which a shadow root would not see.
 * - `embed.html`, the docs page `widget/index.html` and its example files are copied as they are,
 *   the pages with the site's Content-Security-Policy added, like every page of the site.
 * - Last, with every file of both builds on disk, `sw.js` (build/sw-precache.ts): the service
 *   worker precaches the widget's files too, so a docs page with a widget works offline.
 */
import { readFileSync } from 'node:fs';
import { filesUnder } from '../src/cli/files.js';
import { fieldDocsPlugin } from './field-docs-plugin.js';
import { join, resolve } from 'node:path';
import { build, type Alias, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { withCsp } from './pages.js';
import { treeshake } from './treeshake.js';
import { workerChunks } from './worker-chunks.js';
import { writeServiceWorker } from './sw-precache.js';

export interface WidgetBuildOptions {
  readonly root: string;
  readonly define: Record<string, string>;
  readonly alias: Alias[];
}

/** The files of the build that keep their names: what host pages and docs link to. */
export const WIDGET_ENTRIES = {
  'everynode-widget': 'src/embed/main.ts',
  'everynode-embed': 'src/embed/embed.ts',
  'everynode-resize': 'src/embed/resize.ts',
  'widget/offline': 'src/embed/docs-offline.ts',
} as const;

/** Copies the static pages and examples into the widget build. */
function statics(root: string): Plugin {
  return {
    name: 'everynode-widget-statics',
    generateBundle() {
      const page = (from: string, to: string) => this.emitFile({ type: 'asset', fileName: to, source: withCsp(readFileSync(join(root, from), 'utf8')) });
      page('embed.html', 'embed.html');
      page('widget/index.html', 'widget/index.html');
      for (const name of filesUnder(join(root, 'widget/examples'))) {
        this.emitFile({ type: 'asset', fileName: `widget/examples/${name}`, source: readFileSync(join(root, 'widget/examples', name)) });
      }
      this.emitFile({ type: 'asset', fileName: 'widget/docs.css', source: readFileSync(join(root, 'widget/docs.css')) });
    },
  };
}

/** Builds the widget into dist/ once the site's build has closed (not for SSR builds such as the bench). */
export function widgetBuild(opts: WidgetBuildOptions): Plugin {
  let run = false;
  return {
    name: 'everynode-widget-build',
    apply: 'build',
    configResolved(config) {
      run = !config.build.ssr;
    },
    async closeBundle() {
      if (!run) return;
      await build({
        configFile: false,
        root: opts.root,
        base: './',
        logLevel: 'warn',
        // the editor's hover imports the field docs too
        plugins: [svelte({ compilerOptions: { css: 'injected' } }), statics(opts.root), fieldDocsPlugin()],
        define: opts.define,
        resolve: { alias: opts.alias },
        // the engine worker imports kubectl explain's field docs, a build-time data module
        worker: { format: 'es', plugins: () => [fieldDocsPlugin()], rollupOptions: { treeshake, output: workerChunks('widget/assets') } },
        build: {
          target: 'es2022',
          outDir: 'dist',
          emptyOutDir: false,
          assetsDir: 'widget/assets',
          modulePreload: false,
          rollupOptions: {
            treeshake,
            input: Object.fromEntries(Object.entries(WIDGET_ENTRIES).map(([name, file]) => [name, resolve(opts.root, file)])),
            output: { entryFileNames: '[name].js' },
          },
        },
      });
      writeServiceWorker(resolve(opts.root, 'dist'));
    },
  };
}
