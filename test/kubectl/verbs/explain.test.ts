/**
 * `kubectl explain` with the Node host's field docs (the real kubernetes-types text): kubectl's
 * plaintext template over the manifest schema, resource and path resolution, and its errors.
 */
import { describe, expect, it } from 'vitest';
import { nodeFieldDocs } from '../../../src/cli/field-docs.js';
import { exec } from '../../../src/kubectl/exec.js';
import { createCluster } from '../../../src/sim/index.js';

const run = (line: string) => exec(createCluster(), line, undefined, { fieldDocs: nodeFieldDocs });
const MODELLED = 'This playground models pods, nodes, namespaces, events, daemonsets, controllerrevisions, priorityclasses ("kubectl api-resources" lists them).\n';

describe('kubectl explain', () => {
  it('a field: FIELD with its type, DESCRIPTION (the field and its type), FIELDS with enums and -required-', () => {
    expect(run('kubectl explain ds.spec.updateStrategy')).toEqual({
      exitCode: 0,
      stderr: '',
      stdout:
        'GROUP:      apps\nKIND:       DaemonSet\nVERSION:    v1\n\n' +
        'FIELD: updateStrategy <DaemonSetUpdateStrategy>\n\n\n' +
        'DESCRIPTION:\n' +
        '    An update strategy to replace existing DaemonSet pods with new pods.\n' +
        '    DaemonSetUpdateStrategy is a struct used to control the update strategy for\n' +
        '    a DaemonSet.\n' +
        '    \n' +
        'FIELDS:\n' +
        '  rollingUpdate\t<RollingUpdateDaemonSet>\n' +
        '    Rolling update config params. Present only if type = "RollingUpdate".\n\n' +
        '  type\t<string>\n' +
        '  enum: OnDelete, RollingUpdate\n' +
        '    Type of daemon set update. Can be "RollingUpdate" or "OnDelete". Default is\n' +
        '    RollingUpdate.\n\n\n',
    });
  });

  it('an enum field lists its values under ENUM:; the core group has no GROUP line', () => {
    expect(run('kubectl explain po.spec.restartPolicy').stdout).toBe(
      'KIND:       Pod\nVERSION:    v1\n\n' +
        'FIELD: restartPolicy <string>\nENUM:\n    Always\n    Never\n    OnFailure\n\n' +
        'DESCRIPTION:\n' +
        '    Restart policy for all containers within the pod. One of Always, OnFailure,\n' +
        '    Never. In some contexts, only a subset of those values may be permitted.\n' +
        '    Default to Always. More info:\n' +
        '    https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#restart-policy\n' +
        '    \n\n',
    );
  });

  it('--recursive lists nested fields by indentation, without descriptions', () => {
    expect(run('kubectl explain ds.spec.selector --recursive').stdout).toBe(
      'GROUP:      apps\nKIND:       DaemonSet\nVERSION:    v1\n\n' +
        'FIELD: selector <LabelSelector>\n\n\n' +
        'DESCRIPTION:\n' +
        '    A label query over pods that are managed by the daemon set. Must match in\n' +
        "    order to be controlled. It must match the pod template's labels. More info:\n" +
        '    https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors\n' +
        '    A label selector is a label query over a set of resources. The result of\n' +
        '    matchLabels and matchExpressions are ANDed. An empty label selector matches\n' +
        '    all objects. A null label selector matches no objects.\n' +
        '    \n' +
        'FIELDS:\n' +
        '  matchExpressions\t<[]LabelSelectorRequirement>\n' +
        '    key\t<string> -required-\n' +
        '    operator\t<string> -required-\n' +
        '    values\t<[]string>\n' +
        '  matchLabels\t<map[string]string>\n\n',
    );
  });

  it('a kind: its description and top-level fields; names, short names, kinds and groups all resolve', () => {
    const ds = run('kubectl explain daemonsets');
    expect(ds.stdout.startsWith('GROUP:      apps\nKIND:       DaemonSet\nVERSION:    v1\n\nDESCRIPTION:\n    DaemonSet represents the configuration of a daemon set.\n    \nFIELDS:\n  apiVersion\t<string>\n')).toBe(true);
    for (const name of ['ds', 'daemonset', 'DaemonSet', 'daemonsets.apps', 'ds --api-version=apps/v1']) expect(run(`kubectl explain ${name}`), name).toEqual(ds);
    expect(run('kubectl explain daemonsets.apps.spec.minReadySeconds').stdout).toContain('FIELD: minReadySeconds <integer>\n');
    expect(run('kubectl explain no.spec.taints.effect').stdout).toContain('FIELD: effect <string>\nENUM:\n    NoExecute\n    NoSchedule\n    PreferNoSchedule\n');
    expect(run('kubectl explain pc').stdout).toContain('  value\t<integer> -required-\n');
    expect(run('kubectl explain controllerrevisions').stdout).toContain('  data\t<RawExtension>\n');
  });

  it("kubectl's errors: no type, two arguments, unknown resource, unknown field, unserved group version", () => {
    expect(run('kubectl explain').stderr).toBe('error: You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.\n');
    expect(run('kubectl explain pods nodes').stderr).toBe('error: We accept only this format: explain RESOURCE\n');
    expect(run('kubectl explain deployments.spec')).toEqual({ exitCode: 1, stdout: '', stderr: `error: the server doesn't have a resource type "deployments"\n${MODELLED}` });
    // The template names the last element of the path, whichever one is missing.
    expect(run('kubectl explain pods.spec.nope.deeper').stderr).toBe('error: field "deeper" does not exist\n');
    expect(run('kubectl explain pods --api-version=apps/v1').stderr).toBe('error: GVR (apps/v1, Resource=pods) not found in OpenAPI schema\n');
    expect(run('kubectl explain ds --api-version=apps/v1beta2').stderr).toBe('error: couldn\'t find resource for "apps/v1beta2, Resource=daemonsets"\n');
  });

  it('says so where the playground does not model something', () => {
    expect(run('kubectl explain pods.spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution').stderr).toBe(
      'error: the playground keeps PodAffinity as written and does not model its fields\n',
    );
    expect(run('kubectl explain events').stderr).toContain('error: the playground has no schema for events');
  });

  it('without field docs from the host, shows the types alone', () => {
    const r = exec(createCluster(), 'kubectl explain ds.spec.minReadySeconds');
    expect(r.stdout).toBe('GROUP:      apps\nKIND:       DaemonSet\nVERSION:    v1\n\nFIELD: minReadySeconds <integer>\n\n\nDESCRIPTION:\n    <empty>\n\n');
  });
});
