/** `kubectl api-resources`: kubectl `pkg/cmd/apiresources` over the resources the playground serves. */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { createCluster } from '../../../src/sim/index.js';

const run = (line: string) => exec(createCluster(), line);

describe('kubectl api-resources', () => {
  it('lists every served resource, core group first, then by group and name', () => {
    expect(run('kubectl api-resources')).toEqual({
      exitCode: 0,
      stderr: '',
      stdout:
        'NAME                  SHORTNAMES   APIVERSION             NAMESPACED   KIND\n' +
        'events                ev           v1                     true         Event\n' +
        'namespaces            ns           v1                     false        Namespace\n' +
        'nodes                 no           v1                     false        Node\n' +
        'pods                  po           v1                     true         Pod\n' +
        'controllerrevisions                apps/v1                true         ControllerRevision\n' +
        'daemonsets            ds           apps/v1                true         DaemonSet\n' +
        'priorityclasses       pc           scheduling.k8s.io/v1   false        PriorityClass\n',
    });
  });

  it('-o wide adds the verbs and categories; -o name prints resource.group', () => {
    const wide = run('kubectl api-resources -o wide --api-group=apps').stdout.split('\n');
    expect(wide[0]).toBe('NAME                  SHORTNAMES   APIVERSION   NAMESPACED   KIND                 VERBS                                                        CATEGORIES');
    expect(wide[2]).toBe('daemonsets            ds           apps/v1      true         DaemonSet            create,delete,deletecollection,get,list,patch,update,watch   all');
    expect(run('kubectl api-resources -o name --sort-by=kind').stdout).toBe(
      'controllerrevisions.apps\ndaemonsets.apps\nevents\nnamespaces\nnodes\npods\npriorityclasses.scheduling.k8s.io\n',
    );
  });

  it('filters by group, scope, verbs and categories; --no-headers drops the header', () => {
    expect(run('kubectl api-resources --namespaced=false --no-headers').stdout).toBe(
      'namespaces        ns    v1                     false   Namespace\nnodes             no    v1                     false   Node\npriorityclasses   pc    scheduling.k8s.io/v1   false   PriorityClass\n',
    );
    expect(run('kubectl api-resources -o name --api-group=').stdout).toBe('events\nnamespaces\nnodes\npods\n');
    expect(run('kubectl api-resources -o name --verbs=deletecollection,watch --categories=all').stdout).toBe('pods\ndaemonsets.apps\n');
    expect(run('kubectl api-resources -o name --verbs list --verbs deletecollection --namespaced=false').stdout).toBe('nodes\npriorityclasses.scheduling.k8s.io\n');
  });

  it("errors are kubectl's", () => {
    expect(run('kubectl api-resources pods').stderr).toBe("error: unexpected arguments: [pods]\nSee 'kubectl api-resources -h' for help and examples\n");
    expect(run('kubectl api-resources --sort-by=group').stderr).toBe('error: --sort-by accepts only name or kind\n');
    expect(run('kubectl api-resources -o table').stderr).toBe('error: unable to match a printer suitable for the output format "table", allowed formats are: json,name,wide,yaml\n');
    expect(run('kubectl api-resources -o yaml').exitCode).toBe(1);
  });
});
