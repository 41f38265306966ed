/**
 * Play in the worker: the virtual clock advances once per animation frame, by the real time
 * since the last frame times the speed, or (speed "settle") to the next moment anything is due,
 * stopping when nothing is pending. When a segment ends it is logged as one `sim advance D`, so
 * a replay moves the clock exactly as far (one `sim advance 10m` and ten `sim advance 1m` give
 * the same cluster).
 *
 * Invariants:
 * - The clock only moves by whole milliseconds (the engine's clock is an integer).
 * - A segment's logged duration parses back to exactly the distance the clock moved.
 */
import { formatDuration, parseDuration } from '../../sim/engine/time.js';
import type { Cluster } from '../../sim/engine/cluster.js';
import type { PlaybackSpeed as Speed } from '../../machines/playback.js';

export type { Speed };

/** Real time and animation frames, injected (the worker's, or a test's). */
export interface Ticker {
  /** Milliseconds of real time (performance.now). */
  now(): number;
  /** Calls `fn` at the next animation frame; returns a function that cancels it. */
  frame(fn: () => void): () => void;
}

/** The shortest Go duration text that parses back to exactly `ms`. */
export function durationText(ms: number): string {
  const go = formatDuration(ms);
  return parseDuration(go) === ms ? go : `${ms}ms`;
}

export class PlayLoop {
  private cancel: (() => void) | undefined;
  private startedAt = 0;
  private lastReal = 0;
  private speed: Speed = 1;

  constructor(
    private readonly ticker: Ticker,
    private readonly cluster: () => Cluster,
    /** After each frame that moved the clock (the host posts a batch). */
    private readonly onFrame: () => void,
    /** The loop stopped by itself: in "settle" mode, nothing is pending any more. */
    private readonly onSettled: () => void,
  ) {}

  get playing(): boolean {
    return this.cancel !== undefined;
  }

  start(speed: Speed): void {
    if (this.playing) this.cancel!();
    this.speed = speed;
    this.startedAt = this.cluster().now;
    this.lastReal = this.ticker.now();
    this.cancel = this.ticker.frame(() => this.tick());
  }

  /**
   * Stops; returns the segment as the command to log and the virtual time it started at, or
   * undefined when the clock did not move.
   */
  stop(): { readonly line: string; readonly start: number } | undefined {
    if (!this.playing) return undefined;
    this.cancel!();
    this.cancel = undefined;
    const moved = this.cluster().now - this.startedAt;
    return moved > 0 ? { line: `sim advance ${durationText(moved)}`, start: this.startedAt } : undefined;
  }

  private tick(): void {
    const cluster = this.cluster();
    const real = this.ticker.now();
    if (this.speed === 'settle') {
      const next = cluster.nextWakeup();
      if (!cluster.hasPendingWork() || next === undefined) return this.onSettled();
      cluster.advanceTo(next);
    } else {
      const step = Math.floor((real - this.lastReal) * this.speed);
      if (step > 0) {
        cluster.advanceTo(cluster.now + step);
        this.lastReal += step / this.speed;
      }
    }
    this.onFrame();
    this.cancel = this.ticker.frame(() => this.tick());
  }
}
