/**
 * The intents of the engine pass under way (client.ts `Intent`: each write a controller made and
 * why), recorded only while something reads them: a cluster made with `intents: true` (tests and
 * tools that read `traceEntries()`), or a subscriber that asked for them (`sim step --wave`
 * watches the DaemonSet controller's). The page and the lessons read the trace's diffs only.
 *
 * Why not always: a fleet build makes an intent per write and per Event (about 100,000 for 5,000
 * nodes and a DaemonSet, most with a reason string of their own), and the trace keeps them with
 * its last passes, so each lived through several young collections and was copied by them for
 * nothing: the first 5,000-node build after a warm-up took about 70 ms more with them.
 */
import type { Intent, IntentSink } from './client.js';

/** The intents of a pass that recorded none (shared: never written to). */
const NO_INTENTS: readonly Intent[] = Object.freeze([]);

export class IntentLog implements IntentSink {
  /** Subscribers that asked for intents and have not unsubscribed. */
  private readers = 0;
  private pending: Intent[] = [];

  constructor(private readonly always: boolean) {}

  /** Whether clients build and record intents now (`IntentSink`). */
  get recording(): boolean {
    return this.always || this.readers > 0;
  }

  record(intent: Intent): void {
    this.pending.push(intent);
  }

  /** How many intents the pass has recorded so far. */
  get size(): number {
    return this.pending.length;
  }

  /** The pass's intents, and a fresh start. */
  take(): readonly Intent[] {
    if (this.pending.length === 0) return NO_INTENTS;
    const out = this.pending;
    this.pending = [];
    return out;
  }

  /** Forgets the pass's intents (a restore: they were not made from the restored state). */
  clear(): void {
    this.pending = [];
  }

  /** Records intents until the returned function is called (once; later calls do nothing). */
  addReader(): () => void {
    this.readers++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.readers--;
    };
  }
}
