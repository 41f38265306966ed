/**
 * Changes in words for the aria-live region: what one batch did to nodes, pods and DaemonSets
 * ("node-4 joined; 2 pods created"), so a learner who does not see the picture hears it move.
 * Events and the clock are left out (the events panel and the clock say those).
 */
import type { DiffBatch } from '../worker/protocol.js';

/** Names are listed up to this many per change; more are counted. */
const NAMED = 3;

const WORDS: Readonly<Record<string, { readonly one: string; readonly many: string; readonly added: string; readonly removed: string }>> = {
  Node: { one: 'node', many: 'nodes', added: 'joined', removed: 'removed' },
  Pod: { one: 'pod', many: 'pods', added: 'created', removed: 'deleted' },
  DaemonSet: { one: 'DaemonSet', many: 'DaemonSets', added: 'created', removed: 'deleted' },
};

export function describeBatch(b: DiffBatch): string | undefined {
  if (b.reset) return 'The cluster was loaded.';
  const added = new Map<string, string[]>();
  const removed = new Map<string, string[]>();
  for (const e of b.entries) {
    for (const o of e.diff.added) if (WORDS[o.kind]) push(added, o.kind, o.metadata.name);
    for (const o of e.diff.removed) if (WORDS[o.kind]) push(removed, o.kind, o.metadata.name);
  }
  const parts: string[] = [];
  for (const kind of Object.keys(WORDS)) {
    const w = WORDS[kind]!;
    for (const [names, verb] of [[added.get(kind), w.added], [removed.get(kind), w.removed]] as const) {
      if (!names) continue;
      const subject = names.length <= NAMED ? `${names.length === 1 ? w.one : w.many} ${names.join(', ')}` : `${names.length} ${w.many}`;
      parts.push(`${subject} ${verb}`);
    }
  }
  return parts.length > 0 ? `${parts.join('; ')}.` : undefined;
}

function push(m: Map<string, string[]>, kind: string, name: string): void {
  let list = m.get(kind);
  if (!list) m.set(kind, (list = []));
  list.push(name);
}
