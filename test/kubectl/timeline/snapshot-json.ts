/**
 * A cluster's whole state as one JSON text, for comparing two clusters byte for byte: its
 * snapshot (store, timers, controllers' state, recorders, RNG, clock) with every Map and Set
 * written out in its own order, since the order of a Map is state too, and each Event TTL queue
 * as the entries it still holds.
 */
import type { Cluster } from '../../../src/sim/engine/cluster.js';
import type { ExpiryState } from '../../../src/sim/engine/event-ttl.js';

function plain(v: unknown): unknown {
  if (v instanceof Map) return { map: [...v].map(([k, x]) => [plain(k), plain(x)]) };
  if (v instanceof Set) return { set: [...v].map(plain) };
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

/** An Event TTL queue as the entries still pending (however they are cut into chunks). */
function pending(q: ExpiryState): unknown {
  const column = (at: (c: ExpiryState['chunks'][number], i: number) => unknown): unknown[] => q.chunks.flatMap((c) => Array.from({ length: c.size }, (_, i) => at(c, i))).slice(q.head);
  return [column((c, i) => c.ats[i]), column((c, i) => c.namespaceAt(i)), column((c, i) => c.names[i])];
}

/**
 * The snapshot as JSON. `traceSeq` (how many engine passes the trace has counted) is left out
 * with `withoutTraceCount`: it is not cluster state, and advancing in pieces groups the expiry
 * of Events into passes differently.
 */
export function snapshotJson(cluster: Cluster, opts: { withoutTraceCount?: boolean } = {}): string {
  const s = cluster.snapshot();
  const { traceSeq, ...rest } = s;
  const state = { ...rest, recorder: { ...rest.recorder, expiry: pending(rest.recorder.expiry) }, ...(rest.recorderV1 ? { recorderV1: { ...rest.recorderV1, expiry: pending(rest.recorderV1.expiry) } } : {}) };
  return JSON.stringify(plain(opts.withoutTraceCount ? state : { ...state, traceSeq }));
}
