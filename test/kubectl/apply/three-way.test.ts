import { describe, expect, it } from 'vitest';
import { threeWayPatch } from '../../../src/kubectl/apply/three-way.js';
import { strategicMerge } from '../../../src/kubectl/apply/strategic-merge.js';
import { kindPatchMeta } from '../../../src/kubectl/apply/patch-schema.js';
import { goJson, type JsonMap } from '../../../src/kubectl/apply/json.js';
import { PatchError } from '../../../src/kubectl/apply/list-order.js';

const DS = kindPatchMeta('DaemonSet');
const ds = (containers: JsonMap[], extra: JsonMap = {}): JsonMap => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'x', namespace: 'default' },
  spec: { selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers } } , ...extra },
});
const agent = (image: string): JsonMap => ({ name: 'agent', image });

describe('threeWayPatch', () => {
  it('is {} when the manifest already matches the live object', () => {
    const m = ds([agent('a:1')]);
    const live = { ...ds([{ ...agent('a:1'), imagePullPolicy: 'IfNotPresent' }]), status: { numberReady: 1 } };
    expect(threeWayPatch(m, m, live, DS)).toEqual({});
  });

  it('carries a changed container with its merge key and $setElementOrder, as kubectl sends it', () => {
    const patch = threeWayPatch(ds([agent('a:1')]), ds([agent('a:2')]), ds([agent('a:1')]), DS);
    expect(goJson(patch)).toBe('{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"agent"}],"containers":[{"image":"a:2","name":"agent"}]}}}}');
  });

  it('deletes (null) only fields the last apply set and this one drops', () => {
    const original = ds([agent('a:1')], { minReadySeconds: 5 });
    const live = ds([agent('a:1')], { minReadySeconds: 5, revisionHistoryLimit: 10 });
    expect(threeWayPatch(original, ds([agent('a:1')]), live, DS)).toEqual({ spec: { minReadySeconds: null } });
  });

  it('deletes a dropped container with a $patch: delete directive', () => {
    const two = ds([agent('a:1'), { name: 'side', image: 's:1' }]);
    const patch = threeWayPatch(two, ds([agent('a:1')]), two, DS);
    expect(goJson(patch)).toBe('{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"agent"}],"containers":[{"$patch":"delete","name":"side"}]}}}}');
    expect(strategicMerge(two, patch, DS)).toEqual(ds([agent('a:1')]));
  });

  it('records a new order of the same containers', () => {
    const ab = ds([agent('a:1'), { name: 'side', image: 's:1' }]);
    const ba = ds([{ name: 'side', image: 's:1' }, agent('a:1')]);
    const patch = threeWayPatch(ab, ba, ab, DS);
    expect(patch).toEqual({ spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'side' }, { name: 'agent' }] } } } });
    expect(strategicMerge(ab, patch, DS)).toEqual(ba);
  });

  it('replaces an atomic list when it differs from the live one', () => {
    const m = ds([agent('a:1')], {});
    (((m.spec as JsonMap).template as JsonMap).spec as JsonMap).tolerations = [{ operator: 'Exists' }];
    const patch = threeWayPatch({}, m, ds([agent('a:1')]), DS);
    expect(patch).toEqual({ spec: { template: { spec: { tolerations: [{ operator: 'Exists' }] } } } });
  });

  it('refuses to change the name', () => {
    expect(() => threeWayPatch({}, { ...ds([]), metadata: { name: 'y' } }, ds([]), DS)).toThrow(PatchError);
  });

  it('applying the patch to the live object gives manifest + what only the server set', () => {
    const original = ds([agent('a:1')]);
    const modified = ds([agent('a:2'), { name: 'side', image: 's:1' }]);
    const live = ds([{ ...agent('a:1'), imagePullPolicy: 'IfNotPresent' }], { revisionHistoryLimit: 10 });
    const out = strategicMerge(live, threeWayPatch(original, modified, live, DS), DS);
    expect(out).toEqual(ds([{ ...agent('a:2'), imagePullPolicy: 'IfNotPresent' }, { name: 'side', image: 's:1' }], { revisionHistoryLimit: 10 }));
  });
});
