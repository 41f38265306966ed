import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import { define } from './vite.config.js';

export default defineConfig({
  // Svelte compiles the page's `.svelte.ts` state classes (runes) for the tests that use them;
  // svelteTesting resolves Svelte's browser build for the component tests (jsdom), not its SSR one.
  plugins: [svelte(), svelteTesting()],
  define,
  // Svelte's client runtime: the component tests mount in jsdom, and runes then react in the
  // state-class tests too (the server build would render once and never update).
  resolve: { conditions: ['browser'] },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Every verb registered, as the CLI has them (the page's worker loads them on demand).
    setupFiles: ['test/setup-verbs.ts'],
    testTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/unit.json' },
  },
});
