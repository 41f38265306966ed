/**
 * Search by name or label: `pool=blue` matches that label exactly; any other text matches node
 * names containing it, or a label `key=value` containing it (case-insensitive). Run when the
 * query changes, never per frame.
 */
import type { Node } from '../../sim/api/types.js';

export function matchNodes(nodes: Iterable<Node>, query: string): Set<string> {
  const q = query.trim();
  const out = new Set<string>();
  if (q === '') return out;
  const eq = q.indexOf('=');
  const key = eq > 0 ? q.slice(0, eq) : undefined;
  const value = eq > 0 ? q.slice(eq + 1) : undefined;
  const needle = q.toLowerCase();
  for (const n of nodes) {
    const labels = n.metadata.labels ?? {};
    if (key !== undefined) {
      if (labels[key] === value) out.add(n.metadata.name);
      continue;
    }
    if (n.metadata.name.toLowerCase().includes(needle) || Object.entries(labels).some(([k, v]) => `${k}=${v}`.toLowerCase().includes(needle))) out.add(n.metadata.name);
  }
  return out;
}
