import { defineConfig } from 'vitest/config';

/** End-to-end tests: the production build served locally, driven in Debian's headless Chromium. */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/e2e.json' },
  },
});
