import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import { define } from './vite.config.js';

/**
 * The tests that get a fresh module graph each (vitest's `isolate`): the page's code (DOM tests in
 * jsdom, stubbed globals, localStorage, mocked fetch, the worker's on-demand loading) and the test
 * that mocks a module. Every other test file shares its worker's loaded modules with the files
 * before it: the engine, the manifest, kubectl and the tutorial are pure, their module-level
 * caches never change an output, and loading some 300 modules again for each of ~180 files was
 * most of the suite's time. A new test that mocks a module, stubs a global or resets modules
 * belongs under one of these paths (or in this list).
 */
const ISOLATED = ['test/ui/**/*.test.ts', 'test/embed/**/*.test.ts', 'test/view/**/*.test.ts', 'test/kubectl/help/completeness.test.ts'];

export default defineConfig({
  // Svelte compiles the page's `.svelte.ts` state classes (runes) for the tests that use them;
  // svelteTesting resolves Svelte's browser build for the component tests (jsdom), not its SSR one.
  plugins: [svelte(), svelteTesting()],
  define,
  // Svelte's client runtime: the component tests mount in jsdom, and runes then react in the
  // state-class tests too (the server build would render once and never update).
  resolve: { conditions: ['browser'] },
  test: {
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Every verb registered, as the CLI has them (the page's worker loads them on demand).
    setupFiles: ['test/setup-verbs.ts'],
    testTimeout: 60_000,
    // Both cores: vitest's default leaves one idle on a 2-core machine (cores - 1 workers).
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', 'node_modules/**', ...ISOLATED], isolate: false } },
    ],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/unit.json' },
  },
});
