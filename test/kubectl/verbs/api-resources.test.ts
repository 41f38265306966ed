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
  });

  it('-o json: the flattened APIResourceList, as aggregated discovery fills each resource', () => {
    // From reading upstream (kubectl v0.34.0 RunAPIResources, JSONPrinter; client-go convertAPIResource): struct
    // field order, four-space indent, group and the empty optional lists left out, no storageVersionHash.
    expect(run('kubectl api-resources -o json --api-group=scheduling.k8s.io')).toEqual({
      exitCode: 0,
      stderr: '',
      stdout:
        '{\n    "kind": "APIResourceList",\n    "apiVersion": "v1",\n    "groupVersion": "",\n    "resources": [\n        {\n' +
        '            "name": "priorityclasses",\n            "singularName": "priorityclass",\n            "namespaced": false,\n' +
        '            "group": "scheduling.k8s.io",\n            "version": "v1",\n            "kind": "PriorityClass",\n' +
        '            "verbs": [\n                "create",\n                "delete",\n                "deletecollection",\n' +
        '                "get",\n                "list",\n                "patch",\n                "update",\n                "watch"\n' +
        '            ],\n            "shortNames": [\n                "pc"\n            ]\n        }\n    ]\n}\n',
    });
    // Nothing left after the filters: a nil slice.
    expect(run('kubectl api-resources -o json --api-group=batch').stdout).toBe(
      '{\n    "kind": "APIResourceList",\n    "apiVersion": "v1",\n    "groupVersion": "",\n    "resources": null\n}\n',
    );
  });

  it('-o yaml: the same list with sorted keys; the core group has no group key', () => {
    expect(run('kubectl api-resources -o yaml --api-group= --namespaced=false --verbs=deletecollection').stdout).toBe(
      'apiVersion: v1\ngroupVersion: ""\nkind: APIResourceList\nresources:\n' +
        '- kind: Node\n  name: nodes\n  namespaced: false\n  shortNames:\n  - "no"\n  singularName: node\n' +
        '  verbs:\n  - create\n  - delete\n  - deletecollection\n  - get\n  - list\n  - patch\n  - update\n  - watch\n  version: v1\n',
    );
  });

  it('--cached and --show-managed-fields change nothing here', () => {
    expect(run('kubectl api-resources --cached')).toEqual(run('kubectl api-resources'));
    expect(run('kubectl api-resources -o yaml --show-managed-fields')).toEqual(run('kubectl api-resources -o yaml'));
  });
});
