/**
 * What the resource builder refuses before it asks the API server anything, for every verb that
 * names its objects by arguments (targets.ts `visitTargets`, resource-args.ts): a selector or
 * `--all` beside names or `TYPE/NAME`, a name across all namespaces, in `visitorResult`'s order.
 * Texts marked "recorded" were read from kubectl 1.32 (these refusals come before any request);
 * the rest follow cli-runtime v0.34 `Builder.visitorResult` (`visitBySelector`, `visitByResource`,
 * `visitByName`), `ResourceTypeOrNameArgs` and `SelectAllParam`, as each command sets them up.
 */
import { describe, expect, it } from 'vitest';
import { addDaemonSet, addNode, addPod, expectUnchanged, fixture } from './mutating-fixture.js';

const failed = (stderr: string) => ({ exitCode: 1, stdout: '', stderr });
const TUPLES = 'error: selectors and the all flag cannot be used when passing resource/name arguments\n';
const NAMES = 'error: name cannot be provided when a selector is specified\n';
const ACROSS = 'error: a resource cannot be retrieved by name across all namespaces\n';

/** Pod web (with app=web) on node-1, the log-agent DaemonSet. */
function setup() {
  const f = fixture();
  addNode(f.cluster, 'node-1');
  addPod(f.cluster, { name: 'web', node: 'node-1', labels: { app: 'web' } });
  addDaemonSet(f.cluster);
  return f;
}

describe('a selector beside TYPE/NAME arguments', () => {
  it('is refused by every verb, changing nothing (recorded from kubectl 1.32)', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete pods/web -l app=web')).toEqual(failed(TUPLES));
      expect(f.run('kubectl delete pods/web --field-selector spec.nodeName=node-1')).toEqual(failed(TUPLES));
      expect(f.run('kubectl scale ds/log-agent -l a=b --replicas=1')).toEqual(failed(TUPLES));
      expect(f.run('kubectl set image ds/log-agent -l a=b agent=img:2')).toEqual(failed(TUPLES));
      expect(f.run('kubectl wait pods/web -l app=web --for=delete')).toEqual(failed(TUPLES));
      expect(f.run('kubectl get pods/web -l app=web')).toEqual(failed(TUPLES));
    });
  });

  it('TYPE1,TYPE2 NAME is TYPE/NAME pairs, so a selector there is refused as beside TYPE/NAME (recorded from kubectl 1.32)', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete pods,nodes web -l a=b')).toEqual(failed(TUPLES));
      expect(f.run('kubectl scale ds,pods log-agent -l a=b --replicas=1')).toEqual(failed(TUPLES));
      expect(f.run('kubectl wait pods,nodes web --field-selector a=b --for=delete')).toEqual(failed(TUPLES));
      expect(f.run('kubectl label pods,nodes web -l a=b k=v')).toEqual(failed(TUPLES));
      expect(f.run('kubectl get pods,nodes web -l a')).toEqual(failed(TUPLES));
    });
  });

  it('after one type, names beside a selector are refused as names (recorded from kubectl 1.32)', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete pods web -l a=b')).toEqual(failed(NAMES));
      expect(f.run('kubectl scale ds log-agent -l a=b --replicas=1')).toEqual(failed(NAMES));
      expect(f.run('kubectl get pods web -A -l a')).toEqual(failed(NAMES));
    });
  });

  it('the refusal comes before the type is looked up, after the arguments are split (recorded from kubectl 1.32)', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete foo web -l a')).toEqual(failed(NAMES));
      expect(f.run('kubectl delete foo/web -l a')).toEqual(failed(TUPLES));
      expect(f.run('kubectl delete pods/web/x -l a')).toEqual(failed('error: arguments in resource/name form may not have more than one slash\n'));
    });
  });
});

describe('a selector without a type', () => {
  it('delete refuses it in the builder\'s words; with nothing to select by, the resources are missing (recorded from kubectl 1.32)', () => {
    const f = setup();
    const noType = failed('error: at least one resource must be specified to use a selector\n');
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete -l a')).toEqual(noType);
      expect(f.run('kubectl delete --all')).toEqual(noType);
      expect(f.run('kubectl delete --field-selector a=b')).toEqual(noType);
      expect(f.run("kubectl delete -l ' '").stderr).toMatch(/^error: You must provide one or more resources by argument or filename\.\n/);
    });
  });
});

describe('--all beside names', () => {
  it("delete's --all is a selector of everything (SelectAllParam): refused beside names (recorded from kubectl 1.32)", () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete pods/web --all')).toEqual(failed(TUPLES));
      expect(f.run('kubectl delete pods,nodes web --all')).toEqual(failed(TUPLES));
      expect(f.run('kubectl delete pods web --all')).toEqual(failed(NAMES));
    });
  });

  it('elsewhere --all only selects after a lone type (ResourceTypeOrNameArgs(allowEmptySelector)): beside names the names stand', () => {
    const f = setup();
    expect(f.run('kubectl set image ds/log-agent --all agent=img:2')).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent image updated\n', stderr: '' });
    expect(f.run('kubectl wait pods web --all --for=delete --timeout=1s')).toEqual(failed('error: timed out waiting for the condition on pods/web\n'));
  });
});

describe('a name across all namespaces', () => {
  it('is refused for a namespaced kind (visitByName, visitByResource), changing nothing', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete pods web -A')).toEqual(failed(ACROSS));
      expect(f.run('kubectl delete node/node-1 pod/web -A')).toEqual(failed(ACROSS));
      expect(f.run('kubectl get pods web -A')).toEqual(failed(ACROSS));
      expect(f.run('kubectl get nodes,pods node-1 -A')).toEqual(failed(ACROSS));
    });
  });

  it('a cluster-wide kind is fetched by name with -A', () => {
    const f = setup();
    const got = f.run('kubectl get nodes node-1 -A -o name');
    expect(got).toEqual({ exitCode: 0, stdout: 'node/node-1\n', stderr: '' });
    expect(f.run('kubectl get node/node-1 -A -o name')).toEqual(got);
  });

  it('the type is looked up first', () => {
    const f = setup();
    expect(f.run('kubectl get foo web -A').stderr).toMatch(/^error: the server doesn't have a resource type "foo"\n/);
    expect(f.run('kubectl delete foo web -A').stderr).toMatch(/^error: the server doesn't have a resource type "foo"\n/);
  });
});

describe('the `all` category', () => {
  it('expands only as the first argument; for names it must come to one type (visitByName), as TYPE/NAME it is no type', () => {
    const f = setup();
    expect(f.run('kubectl get all web')).toEqual(failed('error: you must specify only one resource\n'));
    expect(f.run('kubectl get all/web').stderr).toMatch(/^error: the server doesn't have a resource type "all"\n/);
  });
});
