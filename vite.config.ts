import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/** The package version names the engine in session logs (src/ui/worker/session-log.ts). */
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
export const define = { __ENGINE_VERSION__: JSON.stringify(pkg.version) };

export default defineConfig({
  base: './',
  plugins: [svelte()],
  define,
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: false },
  server: { port: 5173 },
  preview: { port: 4173 },
});
