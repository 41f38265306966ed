import { describe, expect, test } from 'vitest';
import type { Controller, ControllerContext } from '../../../src/sim/engine/controller.js';
import { bootstrap } from '../../../src/sim/engine/bootstrap.js';
import { Cluster } from '../../../src/sim/engine/cluster.js';
import { EPOCH_MS } from '../../../src/sim/engine/time.js';
import { daemonSet, newCluster, put, revision, run, scene, template } from './fixtures.js';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

describe('kubectl rollout history', () => {
  test('lists revisions with their change-cause, name line with a trailing space, then a blank line', () => {
    const { c } = scene();
    expect(run(c, 'kubectl rollout history ds/agent')).toEqual({
      exitCode: 0,
      stdout: 'daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n1         kubectl apply --filename=agent.yaml\n2         <none>\n\n',
      stderr: '',
    });
  });

  test('--revision prints that revision pod template, unaligned as printTemplate writes it', () => {
    const { c } = scene();
    expect(run(c, 'kubectl rollout history daemonset agent --revision=1').stdout).toBe(
      lines(
        'daemonset.apps/agent with revision #1',
        'Pod Template:',
        '  Labels:\tapp=agent',
        '  Containers:',
        '   agent:',
        '    Image:\tregistry.example/agent:0',
        '    Port:\t<none>',
        '    Host Port:\t<none>',
        '    Limits:',
        '      memory:\t128Mi',
        '    Requests:',
        '      cpu:\t100m',
        '      memory:\t128Mi',
        '    Environment:\t<none>',
        '    Mounts:\t<none>',
        '  Volumes:\t<none>',
        '  Node-Selectors:\t<none>',
        '  Tolerations:\t<none>',
        '',
      ),
    );
  });

  test('-o json prints each revision typed, as GetHistory hands the typed ControllerRevision to the printer', () => {
    const { c } = scene();
    const doc = JSON.parse(run(c, 'kubectl rollout history ds/agent --revision=1 -o json').stdout) as Record<string, Record<string, unknown>>;
    // Struct order: TypeMeta, ObjectMeta (name before namespace, uid, ...), data, revision.
    expect(Object.keys(doc)).toEqual(['kind', 'apiVersion', 'metadata', 'data', 'revision']);
    expect(Object.keys(doc['metadata']!).slice(0, 2)).toEqual(['name', 'namespace']);
    // data is the bytes the controller's getPatch marshalled from maps: every level sorted.
    const template = (doc['data']!['spec'] as Record<string, Record<string, unknown>>)['template']!;
    expect(Object.keys(template)).toEqual(['$patch', 'metadata', 'spec']);
    const container = ((template['spec'] as Record<string, unknown>)['containers'] as Record<string, unknown>[])[0]!;
    expect(Object.keys(container)).toEqual([...Object.keys(container)].sort());
  });

  test('unknown revision, no history, missing DaemonSet, wrong kind', () => {
    const { c } = scene();
    expect(run(c, 'kubectl rollout history ds/agent --revision=9')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: unable to find the specified revision\n' });
    put(c, daemonSet('lonely', {}));
    const lonely = c.store.get('DaemonSet', 'default', 'lonely')!;
    put(c, { ...lonely, metadata: { ...lonely.metadata, uid: 'uid-other' } });
    expect(run(c, 'kubectl rollout history ds/lonely').stdout).toBe('daemonset.apps/lonely \nNo rollout history found.\n');
    expect(run(c, 'kubectl rollout history ds/nope').stderr).toBe('Error from server (NotFound): daemonsets.apps "nope" not found\n');
    expect(run(c, 'kubectl rollout history pod/web').stderr).toBe('error: no history viewer has been implemented for "Pod"\n');
    // kinds GroupKindElement.Accept does not know fail earlier, with the element printed by %v
    expect(run(c, 'kubectl rollout history node/node-1').stderr).toBe('error: error retrieving history for "Node", no visitor method exists for { Node}\n');
    expect(run(c, 'kubectl rollout undo node/node-1').stderr).toBe('error: error retrieving rollbacker for "Node", no visitor method exists for { Node}\n');
    expect(run(c, 'kubectl rollout history controllerrevision/agent-hash1').stderr).toBe(
      'error: error retrieving history for "ControllerRevision.apps", no visitor method exists for {apps ControllerRevision}\n',
    );
  });
});

describe('kubectl rollout undo', () => {
  test('default: back to the previous revision template, written through the API server', () => {
    const { c } = scene();
    const before = c.store.get('DaemonSet', 'default', 'agent')!;
    expect(run(c, 'kubectl rollout undo ds/agent')).toEqual({ exitCode: 0, stdout: 'daemonset.apps/agent rolled back\n', stderr: '' });
    const after = c.store.get('DaemonSet', 'default', 'agent')!;
    expect(after.spec.template.spec.containers[0]!.image).toBe('registry.example/agent:0');
    expect(after.metadata.resourceVersion).not.toBe(before.metadata.resourceVersion);
    expect(JSON.stringify(after.spec.template)).not.toContain('$patch');
  });

  test('--to-revision that matches the current template is skipped', () => {
    const { c } = scene();
    expect(run(c, 'kubectl rollout undo ds/agent --to-revision=2').stdout).toBe('daemonset.apps/agent skipped rollback (current template already matches revision 2)\n');
  });

  test('errors: unknown revision, negative revision, nothing to roll back to', () => {
    const { c } = scene();
    expect(run(c, 'kubectl rollout undo ds/agent --to-revision=7')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: unable to find specified revision 7 in history\n' });
    expect(run(c, 'kubectl rollout undo ds/agent --to-revision=-1').stderr).toBe('error: unable to find specified revision -1 in history\n');
    const c2 = newCluster();
    const ds = put(c2, daemonSet('agent'));
    put(c2, revision(ds, 1, template()));
    expect(run(c2, 'kubectl rollout undo daemonset/agent').stderr).toBe('error: no last revision to roll back to\n');
    expect(run(c2, 'kubectl rollout undo pod/x').stderr).toBe('Error from server (NotFound): pods "x" not found\n');
  });

  test('--dry-run=client prints the template it would restore and changes nothing', () => {
    const { c } = scene();
    const before = c.store.get('DaemonSet', 'default', 'agent')!;
    const out = run(c, 'kubectl rollout undo ds/agent --dry-run=client').stdout;
    expect(out.startsWith('daemonset.apps/agent will roll back to Pod Template:\n  Labels:\tapp=agent\n')).toBe(true);
    expect(out).toContain('    Image:\tregistry.example/agent:0\n');
    expect(out.endsWith('  Tolerations:\t<none>\n (dry run)\n')).toBe(true);
    expect(c.store.get('DaemonSet', 'default', 'agent')).toBe(before);
  });
});

describe('kubectl rollout restart, pause, resume', () => {
  test('restart stamps the template with restartedAt = virtual now; twice in one second is refused', () => {
    const { c } = scene();
    expect(run(c, 'kubectl rollout restart ds/agent')).toEqual({ exitCode: 0, stdout: 'daemonset.apps/agent restarted\n', stderr: '' });
    const ds = c.store.get('DaemonSet', 'default', 'agent')!;
    expect(ds.spec.template.metadata?.annotations).toEqual({ 'kubectl.kubernetes.io/restartedAt': '2026-01-01T00:00:00Z' });
    expect(run(c, 'kubectl rollout restart ds/agent')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'error: failed to create patch for agent: if restart has already been triggered within the past second, please wait before attempting to trigger another\n',
    });
    c.advanceTo(EPOCH_MS + 5000);
    expect(run(c, 'kubectl rollout restart daemonset agent').exitCode).toBe(0);
    expect(c.store.get('DaemonSet', 'default', 'agent')!.spec.template.metadata?.annotations?.['kubectl.kubernetes.io/restartedAt']).toBe('2026-01-01T00:00:05Z');
  });

  test('pause and resume are not supported for DaemonSets', () => {
    const { c } = scene();
    expect(run(c, 'kubectl rollout pause ds/agent')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: daemonsets.apps "agent" pausing is not supported\n' });
    for (const verb of ['pause', 'resume', 'restart']) {
      expect(run(c, `kubectl rollout ${verb} ds -l nothing=here`)).toEqual({ exitCode: 0, stdout: '', stderr: 'No resources found in default namespace.\n' });
    }
    expect(run(c, 'kubectl rollout resume ds/agent').stderr).toBe('error: daemonsets.apps "agent" resuming is not supported\n');
  });

  test('unknown subcommand and missing resource', () => {
    const { c } = scene();
    expect(run(c, 'kubectl rollout frobnicate ds/agent').stderr).toBe('error: unknown command "frobnicate ds/agent"\nSee \'kubectl rollout -h\' for help and examples\n');
    expect(run(c, 'kubectl rollout status').stderr).toBe('error: required resource not specified\n');
  });
});

describe('kubectl rollout status', () => {
  test('each message of DaemonSetStatusViewer', () => {
    const c = newCluster();
    put(c, daemonSet('done'));
    put(c, daemonSet('updating', { status: { updatedNumberScheduled: 1 } }));
    put(c, daemonSet('unavailable', { status: { numberAvailable: 2 } }));
    put(c, daemonSet('unobserved', { generation: 2, status: { observedGeneration: 1 } }));
    expect(run(c, 'kubectl rollout status ds/done')).toEqual({ exitCode: 0, stdout: 'daemon set "done" successfully rolled out\n', stderr: '' });
    expect(run(c, 'kubectl rollout status ds/updating --watch=false')).toEqual({
      exitCode: 0,
      stdout: 'Waiting for daemon set "updating" rollout to finish: 1 out of 3 new pods have been updated...\n',
      stderr: '',
    });
    expect(run(c, 'kubectl rollout status ds/unavailable -w=false').stdout).toBe('Waiting for daemon set "unavailable" rollout to finish: 2 of 3 updated pods are available...\n');
    expect(run(c, 'kubectl rollout status ds/unobserved --watch=false').stdout).toBe('Waiting for daemon set spec update to be observed...\n');
  });

  test('OnDelete has no rollout status', () => {
    const c = newCluster();
    put(c, daemonSet('manual', { onDelete: true }));
    expect(run(c, 'kubectl rollout status ds/manual')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: rollout status is only available for RollingUpdate strategy type\n' });
  });

  test('--timeout: nothing changes, so virtual time moves by the timeout and the watch fails; without one it stops at once', () => {
    const c = newCluster();
    put(c, daemonSet('stuck', { status: { updatedNumberScheduled: 2 } }));
    const r = run(c, 'kubectl rollout status ds/stuck --timeout=30s');
    expect(r).toEqual({
      exitCode: 1,
      stdout: 'Waiting for daemon set "stuck" rollout to finish: 2 out of 3 new pods have been updated...\n',
      stderr: 'error: timed out waiting for the condition\n',
    });
    expect(c.now).toBe(EPOCH_MS + 30_000);
    // No controller here: nothing is due, so nothing can ever change and waiting is pointless.
    const forever = run(c, 'kubectl rollout status ds/stuck');
    expect(forever).toEqual({
      exitCode: 1,
      stdout: 'Waiting for daemon set "stuck" rollout to finish: 2 out of 3 new pods have been updated...\n',
      stderr: 'error: the rollout of daemon set "stuck" cannot move: nothing is due in the cluster; kubectl would keep waiting, the playground stops here\n',
    });
    expect(c.now).toBe(EPOCH_MS + 30_000);
    expect(run(c, 'kubectl rollout status ds/stuck --timeout=soon').stderr).toMatch(/^error: invalid argument "soon" for "--timeout" flag: time: /);
  });

  test('watching prints again whenever the DaemonSet changes, until it is rolled out', () => {
    /** Every 10 s of virtual time, one more pod of `agent` becomes updated and available. */
    let armed = false;
    let due = false;
    const progress: Controller = {
      name: 'fake-progress',
      observe() {},
      wake() {
        due = true;
      },
      reconcile(ctx: ControllerContext) {
        if (!armed) {
          armed = true;
          ctx.after(10_000, 'tick');
        }
        if (!due) return false;
        due = false;
        const ds = ctx.store.get('DaemonSet', 'default', 'agent')!;
        const s = ds.status;
        if ((s.updatedNumberScheduled ?? 0) >= s.desiredNumberScheduled) return false;
        ctx.client.updateStatus({ ...ds, status: { ...s, updatedNumberScheduled: (s.updatedNumberScheduled ?? 0) + 1, numberAvailable: (s.numberAvailable ?? 0) + 1 } }, 'fake rollout step');
        ctx.after(10_000, 'tick');
        return true;
      },
      snapshot: () => null,
      restore() {},
    };
    const c = new Cluster({ seed: 1, controllers: () => [progress] });
    bootstrap(c);
    put(c, daemonSet('agent', { status: { updatedNumberScheduled: 1, numberAvailable: 1 } }));
    const r = run(c, 'kubectl rollout status daemonset/agent');
    expect(r).toEqual({
      exitCode: 0,
      stdout:
        'Waiting for daemon set "agent" rollout to finish: 1 out of 3 new pods have been updated...\n' +
        'Waiting for daemon set "agent" rollout to finish: 2 out of 3 new pods have been updated...\n' +
        'daemon set "agent" successfully rolled out\n',
      stderr: '',
    });
    expect(c.now).toBe(EPOCH_MS + 20_000);
  });

  test('several or no DaemonSets, and other kinds', () => {
    const { c } = scene();
    put(c, daemonSet('other'));
    // every object is watched in turn (r.Visit with ContinueOnError); errors are reported at the end
    const both = run(c, 'kubectl rollout status ds --watch=false');
    expect(both.stdout.split('\n').filter(Boolean).length).toBe(2);
    const ondelete = daemonSet('node-agent');
    put(c, { ...ondelete, spec: { ...ondelete.spec, updateStrategy: { type: 'OnDelete' } } });
    put(c, { ...daemonSet('zz-agent'), spec: { ...ondelete.spec, updateStrategy: { type: 'OnDelete' } } });
    expect(run(c, 'kubectl rollout status ds/node-agent ds/zz-agent').stderr).toBe(
      'rollout status is only available for RollingUpdate strategy type\nrollout status is only available for RollingUpdate strategy type\n',
    );
    expect(run(c, 'kubectl rollout status ds -l nothing=here')).toEqual({ exitCode: 0, stdout: '', stderr: 'No resources found in default namespace.\n' });
    expect(run(c, 'kubectl rollout status pod/web').stderr).toBe('error: no status viewer has been implemented for Pod\n');
    expect(run(c, 'kubectl rollout status ds/nope').stderr).toBe('Error from server (NotFound): daemonsets.apps "nope" not found\n');
  });
});
