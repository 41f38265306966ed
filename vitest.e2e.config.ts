import { defineConfig } from 'vitest/config';

/** End-to-end tests: the production build served locally, driven in Debian's headless Chromium. */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // A failed test leaves a screenshot and the page's state and errors (test/e2e/on-failure.ts).
    setupFiles: ['test/e2e/on-failure.ts'],
    // The page and its engine worker start on a shared, busy machine: give polled UI states time.
    expect: { poll: { timeout: 15_000 } },
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/e2e.json' },
  },
});
