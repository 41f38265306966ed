/**
 * Which objects `kubectl label` / `kubectl annotate` pick from their arguments: `-A`,
 * `--field-selector`, and how `--all` and the selectors meet names. Texts marked so were read
 * from kubectl 1.32 (the checks of `Validate` and the builder's errors that come before any
 * request); the rest follows cli-runtime v0.32 `Builder.visitorResult` (`visitBySelector`,
 * `visitByResource`, `visitByName`) and `ResourceTypeOrNameArgs(allowEmptySelector)`, as
 * `RunLabel` / `RunAnnotate` set the builder up.
 */
import { describe, expect, it } from 'vitest';
import { addNode, addPod, expectUnchanged, fixture } from './mutating-fixture.js';

const ok = (stdout: string) => ({ exitCode: 0, stdout, stderr: '' });
const failed = (stderr: string) => ({ exitCode: 1, stdout: '', stderr });

/** Pod web in default and in shop, pod api in shop, two nodes. */
function setup() {
  const f = fixture();
  f.run('kubectl create namespace shop');
  addPod(f.cluster, { name: 'web' });
  addPod(f.cluster, { name: 'web', namespace: 'shop', labels: { app: 'web' } });
  addPod(f.cluster, { name: 'api', namespace: 'shop', labels: { app: 'api' } });
  addNode(f.cluster, 'node-1');
  addNode(f.cluster, 'node-2');
  const labels = (namespace: string, name: string) => f.cluster.store.get('Pod', namespace, name)?.metadata.labels;
  return { f, labels };
}

describe('kubectl label -A', () => {
  it('--all and -l look in every namespace', () => {
    const { f, labels } = setup();
    expect(f.run('kubectl label pods --all -A tier=x')).toEqual(ok('pod/web labeled\npod/api labeled\npod/web labeled\n'));
    expect([labels('default', 'web')?.['tier'], labels('shop', 'api')?.['tier'], labels('shop', 'web')?.['tier']]).toEqual(['x', 'x', 'x']);
    expect(f.run('kubectl annotate pods -l app=web --all-namespaces note=y')).toEqual(ok('pod/web annotated\n'));
    expect(f.cluster.store.get('Pod', 'shop', 'web')?.metadata.annotations).toEqual({ note: 'y' });
  });

  it('-A wins over -n for a selection', () => {
    const { f } = setup();
    expect(f.run('kubectl label pods --all -A -n shop tier=x').stdout).toBe('pod/web labeled\npod/api labeled\npod/web labeled\n');
  });

  it('a name of a namespaced kind is refused across all namespaces; a cluster-wide kind is fine', () => {
    const { f } = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl label pods web -A tier=x')).toEqual(failed('error: a resource cannot be retrieved by name across all namespaces\n'));
      expect(f.run('kubectl annotate pod/web node/node-1 -A note=x')).toEqual(failed('error: a resource cannot be retrieved by name across all namespaces\n'));
      // --all after a name is no selector (only a bare type gets one), so the name stands.
      expect(f.run('kubectl label pods web --all -A tier=x')).toEqual(failed('error: a resource cannot be retrieved by name across all namespaces\n'));
    });
    expect(f.run('kubectl label nodes node-1 -A tier=x')).toEqual(ok('node/node-1 labeled\n'));
  });

  it('without -A a selection stays in the namespace', () => {
    const { f } = setup();
    expect(f.run('kubectl label pods --all tier=x')).toEqual(ok('pod/web labeled\n'));
    expect(f.run('kubectl label pods --all -n shop tier=x')).toEqual(ok('pod/api labeled\npod/web labeled\n'));
  });
});

describe('kubectl label --field-selector', () => {
  it('picks the objects whose fields match, with -l and -A too', () => {
    const { f, labels } = setup();
    expect(f.run('kubectl label pods -A --field-selector metadata.name=web tier=x')).toEqual(ok('pod/web labeled\npod/web labeled\n'));
    expect(labels('shop', 'api')?.['tier']).toBeUndefined();
    expect(f.run('kubectl label pods -n shop --field-selector metadata.name!=web -l app tier=y')).toEqual(ok('pod/api labeled\n'));
    expect(f.run('kubectl annotate nodes --field-selector metadata.name=node-2 note=x')).toEqual(ok('node/node-2 annotated\n'));
    expect(f.run('kubectl label pods --field-selector metadata.name=nope tier=x')).toEqual(ok(''));
  });

  it('a field the kind does not support is the API server BadRequest', () => {
    const { f } = setup();
    expect(f.run('kubectl label pods --field-selector spec.foo=x tier=x')).toEqual(
      failed(
        'Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "", field selector "spec.foo=x": field label not supported: spec.foo\n',
      ),
    );
  });
});

describe('how --all and the selectors meet names', () => {
  it('refuses --all with a selector, and a selector with names (read from kubectl 1.32)', () => {
    const { f } = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl label pods --all --field-selector a=b x=y')).toEqual(failed('error: cannot set --all and --field-selector at the same time\n'));
      expect(f.run('kubectl annotate pods --all --field-selector a=b x=y')).toEqual(failed('error: cannot set --all and --field-selector at the same time\n'));
      expect(f.run('kubectl label pods --all -l a=b --field-selector c=d x=y')).toEqual(failed('error: cannot set --all and --selector at the same time\n'));
      expect(f.run('kubectl label pods web --field-selector a=b x=y')).toEqual(failed('error: name cannot be provided when a selector is specified\n'));
      expect(f.run('kubectl label pod/web -l a=b x=y')).toEqual(
        failed('error: selectors and the all flag cannot be used when passing resource/name arguments\n'),
      );
      expect(f.run('kubectl annotate pod/web --field-selector a=b x=y')).toEqual(
        failed('error: selectors and the all flag cannot be used when passing resource/name arguments\n'),
      );
    });
  });

  it('--all after names or TYPE/NAME does nothing: only the named objects change', () => {
    const { f, labels } = setup();
    expect(f.run('kubectl label pods web --all tier=x -n shop')).toEqual(ok('pod/web labeled\n'));
    expect(f.run('kubectl label pod/api --all tier=x -n shop')).toEqual(ok('pod/api labeled\n'));
    expect(labels('default', 'web')?.['tier']).toBeUndefined();
  });
});
