import { describe, expect, it } from 'vitest';
import { strategicMerge } from '../../../src/kubectl/apply/strategic-merge.js';
import { kindPatchMeta } from '../../../src/kubectl/apply/patch-schema.js';
import { PatchError } from '../../../src/kubectl/apply/list-order.js';
import type { JsonMap } from '../../../src/kubectl/apply/json.js';

const DS = kindPatchMeta('DaemonSet');
const podSpec = (spec: JsonMap): JsonMap => ({ spec: { template: { spec } } });
const containersOf = (o: JsonMap) => ((((o.spec as JsonMap).template as JsonMap).spec as JsonMap).containers);

const base = podSpec({
  containers: [
    { name: 'agent', image: 'a:1', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }], ports: [{ containerPort: 80 }, { containerPort: 9100 }] },
    { name: 'sidecar', image: 's:1' },
  ],
  tolerations: [{ key: 'x', operator: 'Exists' }],
});

describe('strategicMerge', () => {
  it('merges containers by name, keeping the ones the patch does not name', () => {
    const out = strategicMerge(base, podSpec({ containers: [{ name: 'agent', image: 'a:2' }] }), DS);
    expect(containersOf(out)).toEqual([
      { name: 'agent', image: 'a:2', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }], ports: [{ containerPort: 80 }, { containerPort: 9100 }] },
      { name: 'sidecar', image: 's:1' },
    ]);
  });

  it('puts a new container before the ones the patch does not name, after those it follows (read from kubectl 1.32 patch --local)', () => {
    const out = strategicMerge(base, podSpec({ containers: [{ name: 'new', image: 'n:1' }] }), DS);
    expect((containersOf(out) as JsonMap[]).map((c) => c.name)).toEqual(['new', 'agent', 'sidecar']);
    const after = strategicMerge(base, podSpec({ containers: [{ name: 'sidecar', image: 's:2' }, { name: 'new', image: 'n:1' }] }), DS);
    expect((containersOf(after) as JsonMap[]).map((c) => c.name)).toEqual(['agent', 'sidecar', 'new']);
  });

  it('merges env by name and ports by containerPort inside a container', () => {
    const out = strategicMerge(base, podSpec({ containers: [{ name: 'agent', env: [{ name: 'B', value: '3' }, { name: 'C', value: '4' }], ports: [{ containerPort: 80, name: 'http' }] }] }), DS);
    const agent = (containersOf(out) as JsonMap[])[0]!;
    expect(agent.env).toEqual([{ name: 'A', value: '1' }, { name: 'B', value: '3' }, { name: 'C', value: '4' }]);
    expect(agent.ports).toEqual([{ containerPort: 80, name: 'http' }, { containerPort: 9100 }]);
  });

  it('$patch: delete removes one element; $patch: replace replaces the list', () => {
    expect((containersOf(strategicMerge(base, podSpec({ containers: [{ $patch: 'delete', name: 'sidecar' }] }), DS)) as JsonMap[]).map((c) => c.name)).toEqual(['agent']);
    expect(containersOf(strategicMerge(base, podSpec({ containers: [{ $patch: 'replace' }, { name: 'only', image: 'o:1' }] }), DS))).toEqual([{ name: 'only', image: 'o:1' }]);
  });

  it('replaces an atomic list (tolerations) whole and deletes a key set to null', () => {
    const out = strategicMerge(base, podSpec({ tolerations: [{ key: 'y', operator: 'Exists' }], containers: [{ name: 'agent', env: null }] }), DS);
    const spec = ((out.spec as JsonMap).template as JsonMap).spec as JsonMap;
    expect(spec.tolerations).toEqual([{ key: 'y', operator: 'Exists' }]);
    expect((spec.containers as JsonMap[])[0]!.env).toBeUndefined();
  });

  it('$setElementOrder fixes the order of the named elements', () => {
    const out = strategicMerge(base, podSpec({ '$setElementOrder/containers': [{ name: 'sidecar' }, { name: 'agent' }] }), DS);
    expect((containersOf(out) as JsonMap[]).map((c) => c.name)).toEqual(['sidecar', 'agent']);
  });

  it('$patch: replace on a map replaces it; $deleteFromPrimitiveList removes scalars', () => {
    const obj: JsonMap = { metadata: { labels: { a: '1', b: '2' }, finalizers: ['x', 'y'] } };
    const out = strategicMerge(obj, { metadata: { labels: { $patch: 'replace', c: '3' }, '$deleteFromPrimitiveList/finalizers': ['x'] } }, DS);
    expect(out).toEqual({ metadata: { labels: { c: '3' }, finalizers: ['y'] } });
  });

  it('merges a list of scalars with merge strategy without duplicates, in the patch\'s order (read from kubectl 1.32)', () => {
    const out = strategicMerge({ metadata: { finalizers: ['x', 'z'] } }, { metadata: { finalizers: ['y', 'x'] } }, DS);
    expect(out).toEqual({ metadata: { finalizers: ['y', 'x', 'z'] } });
  });

  it('rejects a merging list element without its merge key', () => {
    expect(() => strategicMerge(base, podSpec({ containers: [{ image: 'x' }] }), DS)).toThrow(PatchError);
    expect(() => strategicMerge(base, podSpec({ containers: [{ image: 'x' }] }), DS)).toThrow('map: map[image:x] does not contain declared merge key: name');
  });

  it('does not modify its inputs', () => {
    const copy = JSON.parse(JSON.stringify(base)) as JsonMap;
    strategicMerge(base, podSpec({ containers: [{ name: 'agent', image: 'z' }] }), DS);
    expect(base).toEqual(copy);
  });
});
