/**
 * A list the API server refuses, for the verbs that select objects with `-l`, `--field-selector`
 * or `--all` (targets.ts `visitTargets`). The builder sends the selectors unparsed; the API server
 * answers a selector it cannot use with BadRequest (`labels.Parse`'s or the field label's error),
 * which cli-runtime's `Selector.Visit` rewords (`EnhanceListError`). Each type is listed on its
 * own and the visit goes on past a refused one (`EagerVisitorList`): the other types are acted
 * on, the refusals reported at the end, after each object's own error, as one nested aggregate
 * (`ContinueOnErrorVisitor`, `cmdutil.CheckErr`'s `MultipleErrors`). No kubectl 1.32 run can show
 * these (they need an API server): the expected texts follow those functions (cli-runtime v0.34).
 */
import { describe, expect, it } from 'vitest';
import { addDaemonSet, addNode, addPod, expectUnchanged, fixture } from './mutating-fixture.js';

const failed = (stderr: string) => ({ exitCode: 1, stdout: '', stderr });
const PARSE = "unable to parse requirement: found '(', expected: identifier";
const badLabels = (gvr: string) => `Unable to find "${gvr}" that match label selector "a=(", field selector "": ${PARSE}`;
const noNodeName = 'Unable to find "/v1, Resource=nodes" that match label selector "", field selector "spec.nodeName=node-1": field label not supported: spec.nodeName';

/** Pod web (app=web) on node-1, pod api elsewhere, the log-agent DaemonSet. */
function setup() {
  const f = fixture();
  addNode(f.cluster, 'node-1');
  addNode(f.cluster, 'node-2');
  addPod(f.cluster, { name: 'web', node: 'node-1', labels: { app: 'web' } });
  addPod(f.cluster, { name: 'api', node: 'node-2' });
  addDaemonSet(f.cluster);
  return f;
}

describe('a label selector the API server cannot parse', () => {
  it('is its BadRequest, as get prints it, for delete, set image and label; nothing changes', () => {
    const f = setup();
    const pods = failed(`Error from server (BadRequest): ${badLabels('/v1, Resource=pods')}\n`);
    expectUnchanged(f.cluster, () => {
      expect(f.run("kubectl get pods -l 'a=('")).toEqual(pods);
      expect(f.run("kubectl delete pods -l 'a=('")).toEqual(pods);
      expect(f.run("kubectl label pods -l 'a=(' k=v")).toEqual(pods);
      expect(f.run("kubectl set image ds -l 'a=(' agent=img:2")).toEqual(
        failed(`Error from server (BadRequest): ${badLabels('apps/v1, Resource=daemonsets')}\n`),
      );
    });
  });

  it('each type listed is refused on its own line', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run("kubectl delete pods,nodes -l 'a=('")).toEqual(
        failed(`Error from server (BadRequest): ${badLabels('/v1, Resource=pods')}\nError from server (BadRequest): ${badLabels('/v1, Resource=nodes')}\n`),
      );
      // delete -i previews first: the refusals end the command before the question.
      expect(f.run("kubectl delete pods,nodes -l 'a=(' -i", 'y\n')).toEqual(
        failed(`Error from server (BadRequest): ${badLabels('/v1, Resource=pods')}\nError from server (BadRequest): ${badLabels('/v1, Resource=nodes')}\n`),
      );
    });
  });

  it('scale finds no object, and wraps the error as Go does (RunScale: `no objects passed to scale %w`)', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run("kubectl scale ds -l 'a=(' --replicas=1")).toEqual(failed(`error: no objects passed to scale ${badLabels('apps/v1, Resource=daemonsets')}\n`));
      expect(f.run("kubectl scale ds,pods -l 'a=(' --replicas=1")).toEqual(
        failed(`error: no objects passed to scale [${badLabels('apps/v1, Resource=daemonsets')}, ${badLabels('/v1, Resource=pods')}]\n`),
      );
    });
  });
});

describe('a field selector one of several types does not support', () => {
  it('delete acts on the other types, then reports the refused list', () => {
    const f = setup();
    expect(f.run('kubectl delete pods,nodes --field-selector spec.nodeName=node-1')).toEqual({
      exitCode: 1,
      stdout: 'pod "web" deleted from default namespace\n',
      stderr: `Error from server (BadRequest): ${noNodeName}\n`,
    });
    expect(f.cluster.store.get('Pod', 'default', 'web')?.metadata.deletionTimestamp).toBeDefined();
    expect(f.cluster.store.get('Pod', 'default', 'api')?.metadata.deletionTimestamp).toBeUndefined();
    expect(f.cluster.store.get('Node', '', 'node-1')).toBeDefined();
  });

  it('the refused type may come first: the lists after it are still visited', () => {
    const f = setup();
    expect(f.run('kubectl label nodes,pods --field-selector spec.nodeName=node-1 tier=x')).toEqual({
      exitCode: 1,
      stdout: 'pod/web labeled\n',
      stderr: `Error from server (BadRequest): ${noNodeName}\n`,
    });
    expect(f.cluster.store.get('Pod', 'default', 'web')?.metadata.labels).toEqual({ app: 'web', tier: 'x' });
  });

  it("beside an object's own error, the refusals are one bare line after it (an aggregate inside the aggregate)", () => {
    const f = setup();
    expect(f.run('kubectl label pods,nodes --field-selector spec.nodeName=node-1 app=x')).toEqual(
      failed(`'app' already has a value (web), and --overwrite is false\n${noNodeName}\n`),
    );
    expect(f.cluster.store.get('Pod', 'default', 'web')?.metadata.labels).toEqual({ app: 'web' });
  });

  it('set image stops at the errors of the visit (Infos), changing nothing', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run("kubectl set image ds,pods -l 'a=(' agent=img:2")).toEqual(
        failed(`Error from server (BadRequest): ${badLabels('apps/v1, Resource=daemonsets')}\nError from server (BadRequest): ${badLabels('/v1, Resource=pods')}\n`),
      );
    });
  });
});
