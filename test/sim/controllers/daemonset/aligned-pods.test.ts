/**
 * `TrackedNodePods` keeps each node's list in its slot only; read as a map it must answer as a
 * plain `Map` written the same way (iteration order aside, which no reader depends on).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from '../../../../src/sim/api/types.js';
import { TrackedNodePods } from '../../../../src/sim/controllers/daemonset/aligned-pods.js';
import { pod } from './fixtures.js';

const NODES = ['a', 'b', 'c', 'd'];

const op = fc.record({
  kind: fc.constantFrom('set', 'put', 'putNone', 'delete', 'clear'),
  node: fc.constantFrom(...NODES),
  pods: fc.nat(2),
});

const sorted = <T>(entries: Iterable<[string, T]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

describe('TrackedNodePods: the slots read as a map', () => {
  it('answers get, has, size, keys, values, entries and forEach as a Map written the same way', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const tracked = new TrackedNodePods();
        const plain = new Map<string, Pod[]>();
        for (const o of ops) {
          const list = Array.from({ length: o.pods + 1 }, (_, i) => pod(`${o.node}-${i}`, o.node));
          switch (o.kind) {
            case 'set':
              tracked.set(o.node, list);
              plain.set(o.node, list);
              break;
            case 'put':
              tracked.put(tracked.slot(o.node), list);
              plain.set(o.node, list);
              break;
            case 'putNone':
              tracked.put(tracked.slot(o.node), undefined);
              plain.delete(o.node);
              break;
            case 'delete':
              expect(tracked.delete(o.node)).toBe(plain.delete(o.node));
              break;
            case 'clear':
              tracked.clear();
              plain.clear();
              break;
          }
          expect(tracked.size).toBe(plain.size);
          for (const n of NODES) {
            expect(tracked.get(n)).toBe(plain.get(n));
            expect(tracked.has(n)).toBe(plain.has(n));
            expect(tracked.slot(n).pods).toBe(plain.get(n));
          }
          expect(sorted(tracked)).toEqual(sorted(plain));
          expect(sorted(tracked.entries())).toEqual(sorted(plain.entries()));
          expect([...tracked.keys()].sort()).toEqual([...plain.keys()].sort());
          expect(sorted([...tracked.values()].map((l) => [l[0]!.spec.nodeName!, l] as [string, Pod[]]))).toEqual(sorted(plain));
          const seen: [string, Pod[]][] = [];
          tracked.forEach((l, n, m) => {
            expect(m).toBe(tracked);
            seen.push([n, l]);
          });
          expect(sorted(seen)).toEqual(sorted(plain));
          expect(sorted(new Map(tracked))).toEqual(sorted(plain));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('notes each changed slot once until the view takes the changes', () => {
    const tracked = new TrackedNodePods();
    tracked.set('a', [pod('a-0', 'a')]);
    tracked.set('a', [pod('a-1', 'a')]);
    tracked.delete('b');
    tracked.set('b', [pod('b-0', 'b')]);
    tracked.delete('b');
    expect(tracked.changed.map((s) => s.node)).toEqual(['a', 'b']);
    expect(tracked.size).toBe(1);
  });
});
