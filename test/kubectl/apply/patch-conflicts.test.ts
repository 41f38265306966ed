/**
 * `--overwrite=false`: apimachinery `strategicpatch.MergingMapsHaveConflicts` and the conflict
 * check of `CreateThreeWayMergePatch`. Expectations are read from those functions
 * (`mergingMapFieldsHaveConflicts`, `slicesHaveConflicts`, `sliceElementType`, `NewErrConflict`).
 */
import { describe, expect, it } from 'vitest';
import { mergingMapsHaveConflicts } from '../../../src/kubectl/apply/patch-conflicts.js';
import { kindPatchMeta } from '../../../src/kubectl/apply/patch-schema.js';
import { threeWayPatch } from '../../../src/kubectl/apply/three-way.js';
import type { JsonMap } from '../../../src/kubectl/apply/json.js';
import { PatchError } from '../../../src/kubectl/apply/list-order.js';

const DS = kindPatchMeta('DaemonSet');
const containers = (...list: JsonMap[]): JsonMap => ({ spec: { template: { spec: { containers: list } } } });
const conflicts = (left: JsonMap, right: JsonMap) => mergingMapsHaveConflicts(left, right, DS);

describe('mergingMapsHaveConflicts', () => {
  it('keys only one side has do not conflict; a scalar both set differently does', () => {
    expect(conflicts({ spec: { minReadySeconds: 5 } }, { spec: { revisionHistoryLimit: 3 } })).toBe(false);
    expect(conflicts({ spec: { minReadySeconds: 5 } }, { spec: { minReadySeconds: 5 } })).toBe(false);
    expect(conflicts({ spec: { minReadySeconds: 5 } }, { spec: { minReadySeconds: 6 } })).toBe(true);
    expect(conflicts({ spec: { minReadySeconds: 5 } }, { spec: { minReadySeconds: null } })).toBe(true);
    expect(conflicts({ spec: { minReadySeconds: 5 } }, { spec: 'x' })).toBe(true);
  });

  it('a $patch directive on one side only conflicts with the whole map', () => {
    expect(conflicts({ metadata: { labels: { $patch: 'replace', a: '1' } } }, { metadata: { labels: { b: '2' } } })).toBe(true);
    expect(conflicts({ metadata: { labels: { $patch: 'replace' } } }, { metadata: { labels: { $patch: 'replace' } } })).toBe(false);
    expect(conflicts({ metadata: { labels: { $patch: 'replace' } } }, { metadata: { labels: { $patch: 'delete' } } })).toBe(true);
  });

  it('a merging list of maps is compared element by element, by merge key', () => {
    const a1 = { name: 'a', image: 'a:1' };
    expect(conflicts(containers(a1), containers({ name: 'b', image: 'b:9' }))).toBe(false);
    expect(conflicts(containers(a1), containers({ name: 'a', imagePullPolicy: 'Always' }))).toBe(false);
    expect(conflicts(containers(a1), containers({ name: 'b', image: 'b:1' }, { name: 'a', image: 'a:2' }))).toBe(true);
    expect(conflicts(containers(a1), containers({ $patch: 'delete', name: 'a' }))).toBe(true);
  });

  it('a merging list of scalars never conflicts; another list conflicts unless equal as a set of the same length', () => {
    expect(conflicts({ metadata: { finalizers: ['a'] } }, { metadata: { finalizers: ['b'] } })).toBe(false);
    const args = (...a: string[]): JsonMap => containers({ name: 'a', args: a });
    expect(conflicts(args('x', 'y'), args('y', 'x'))).toBe(false);
    expect(conflicts(args('x', 'y'), args('x', 'z'))).toBe(true);
    expect(conflicts(args('x'), args('x', 'y'))).toBe(true);
  });

  it('upstream\'s errors: two empty lists, elements of mixed types, lists of lists', () => {
    const args = (a: unknown[]): JsonMap => containers({ name: 'a', args: a as string[] });
    expect(() => conflicts(args([]), args([]))).toThrow(new PatchError('no elements in any of the given slices'));
    expect(() => conflicts(args(['x']), args([1]))).toThrow(new PatchError('list element types are not identical: [[x] [1]]'));
    expect(() => conflicts(args([['x']]), args([['x']]))).toThrow(new PatchError('lists of lists are not supported'));
  });

  it('a merging list element without its merge key is an error', () => {
    expect(() => conflicts(containers({ image: 'a:1' }), containers({ name: 'a' }))).toThrow(
      new PatchError('cannot find merge key `name` in merging list element:map[image:a:1]'),
    );
  });
});

describe('threeWayPatch with overwrite false', () => {
  const manifest = (image: string): JsonMap => ({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'x' }, ...containers({ name: 'a', image }) });

  it('the same patch as with overwrite when the live object kept the last apply\'s values', () => {
    const live = { ...manifest('a:1'), status: { numberReady: 1 } };
    expect(threeWayPatch(manifest('a:1'), manifest('a:2'), live, DS, false)).toEqual(threeWayPatch(manifest('a:1'), manifest('a:2'), live, DS));
  });

  it('refuses, with both sides as YAML, a patch of a field the live object changed since the last apply', () => {
    const live = manifest('a:9');
    expect(() => threeWayPatch(manifest('a:1'), manifest('a:2'), live, DS, false)).toThrow(
      new PatchError(
        'patch:\nspec:\n  template:\n    spec:\n      $setElementOrder/containers:\n      - name: a\n      containers:\n      - image: a:2\n        name: a\n\n' +
          'conflicts with changes made from original to current:\nspec:\n  template:\n    spec:\n      containers:\n      - image: a:9\n        name: a\n\n',
      ),
    );
    expect(threeWayPatch(manifest('a:1'), manifest('a:2'), live, DS)).toBeDefined();
  });
});
