/**
 * What every `npm run bench` section shares under Node: a full collection before a timed or
 * measured section, the collector's pauses, the heap and megabytes. (Running a line and rounding,
 * which the browser bench shares too, are in bench-fleet-steps.ts.)
 */
import { GCProfiler } from 'node:v8';
import { round } from './bench-fleet-steps.js';

/** A full collection (a no-op when Node was not given --expose-gc). */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  // Twice: the first pass can leave weakly held and finalizable garbage for the second.
  gc?.();
  gc?.();
}

/**
 * Starts counting the main thread's garbage-collection pauses (V8's GC profiler: every scavenge,
 * marking step and compaction, which stop the engine however many cores the machine has);
 * `stop()` gives their sum in milliseconds. A build allocates far more than it keeps, and what it
 * keeps is copied by the scavenger, so this says how much of a wall time is collection.
 */
export function gcPauses(): { stop(): number } {
  const profiler = new GCProfiler();
  profiler.start();
  return { stop: () => round(profiler.stop().statistics.reduce((ms, s) => ms + s.cost / 1000, 0)) };
}

/** The heap in use after a full collection, in bytes. */
export function heapAfterGC(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/** Bytes as megabytes to one decimal. */
export function megabytes(bytes: number): number {
  return Math.round((bytes / 1048576) * 10) / 10;
}
