/**
 * How the workers' chunks are named: `worker-NAME-HASH.js` in the assets folder, so they are
 * told apart from the page's own chunks at a glance (the figures e2e counts the engine worker's
 * start and what it loads on demand separately from the page's JavaScript).
 */
export const workerChunks = (assetsDir: string): { chunkFileNames: string } => ({ chunkFileNames: `${assetsDir}/worker-[name]-[hash].js` });
