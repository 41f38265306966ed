/** Starts a new engine worker (one per playground), bundled by Vite as its own same-origin chunk. */
import EngineWorker from './engine.worker.ts?worker';
import type { EnginePort } from './client.js';

export function spawnEngine(): EnginePort {
  // A mark per worker (cheap, shows nowhere): the landing e2e prints the page's timeline from them.
  performance.mark('everynode:engine-spawned');
  return new EngineWorker() as unknown as EnginePort;
}
