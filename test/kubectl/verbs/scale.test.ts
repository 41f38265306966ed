/**
 * `kubectl scale` (kubectl v1.34 pkg/cmd/scale/scale.go, pkg/scale/scale.go): nothing the
 * playground serves has a scale subresource, so every scale that reaches the server is the API
 * server's generic NotFound, and nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { addDaemonSet, addNode, addPod, DS_YAML, expectUnchanged, fixture } from './mutating-fixture.js';

const NO_SUBRESOURCE = { exitCode: 1, stdout: '', stderr: 'Error from server (NotFound): the server could not find the requested resource\n' };
const err = (stderr: string) => ({ exitCode: 1, stdout: '', stderr: `${stderr}\n` });

describe('kubectl scale', () => {
  it('a DaemonSet has no scale subresource: NotFound from the server, in every spelling, nothing changes', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    addDaemonSet(f.cluster, 'agent', 'kube-system');
    expect(f.run('kubectl label ds log-agent tier=node').exitCode).toBe(0);
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl scale ds/log-agent --replicas=2')).toEqual(NO_SUBRESOURCE);
      expect(f.run('kubectl scale daemonset log-agent --replicas 3')).toEqual(NO_SUBRESOURCE);
      expect(f.run('kubectl scale --replicas=3 daemonsets.apps/log-agent')).toEqual(NO_SUBRESOURCE);
      expect(f.run('kubectl scale daemonset agent --replicas=3 -n kube-system')).toEqual(NO_SUBRESOURCE);
      expect(f.run('kubectl scale ds --all --replicas=0')).toEqual(NO_SUBRESOURCE);
      expect(f.run('kubectl scale ds -l tier=node --replicas=1')).toEqual(NO_SUBRESOURCE);
      // preconditions make the scaler GET the subresource first: the same 404
      expect(f.run('kubectl scale ds/log-agent --replicas=2 --current-replicas=1 --dry-run=server')).toEqual(NO_SUBRESOURCE);
    });
  });

  it('pods and nodes have no scale subresource either', () => {
    const f = fixture();
    addNode(f.cluster, 'node-1');
    addPod(f.cluster, { name: 'web' });
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl scale pod web --replicas=2')).toEqual(NO_SUBRESOURCE);
      expect(f.run('kubectl scale node/node-1 --replicas=2')).toEqual(NO_SUBRESOURCE);
    });
  });

  it('--replicas is required before anything else; bad values are flag errors or Validate errors', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expect(f.run('kubectl scale ds/log-agent')).toEqual(err('error: required flag(s) "replicas" not set'));
    expect(f.run('kubectl scale deployment web')).toEqual(err('error: required flag(s) "replicas" not set'));
    expect(f.run('kubectl scale ds/log-agent --replicas=two')).toEqual(
      err('error: invalid argument "two" for "--replicas" flag: strconv.ParseInt: parsing "two": invalid syntax\nSee \'kubectl scale --help\' for usage.'),
    );
    expect(f.run('kubectl scale ds/log-agent --replicas=99999999999999999999').stderr).toContain('strconv.ParseInt: parsing "99999999999999999999": value out of range');
    expect(f.run('kubectl scale ds/log-agent --replicas=-1')).toEqual(err('error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0'));
    expect(f.run('kubectl scale ds/log-agent --replicas=1 --current-replicas=-2')).toEqual(err('error: The --current-replicas must specify an integer of -1 or greater'));
    // strconv.ParseInt(s, 0, 64): base prefixes are numbers too
    expect(f.run('kubectl scale ds/log-agent --replicas=0x2')).toEqual(NO_SUBRESOURCE);
  });

  it('kinds the playground does not serve, missing objects and missing arguments', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expect(f.run('kubectl scale deployment web --replicas=2')).toEqual(err('error: the server doesn\'t have a resource type "deployment"\nThis playground models pods, nodes, namespaces, events, daemonsets, controllerrevisions, priorityclasses ("kubectl api-resources" lists them).'));
    expect(f.run('kubectl scale statefulset/web --replicas=2')).toEqual(err('error: the server doesn\'t have a resource type "statefulset"\nThis playground models pods, nodes, namespaces, events, daemonsets, controllerrevisions, priorityclasses ("kubectl api-resources" lists them).'));
    // v1.32–v1.34 wrap the builder's error (kubernetes/kubectl#1770; v1.35 prints the NotFound alone)
    expect(f.run('kubectl scale ds/nope --replicas=2')).toEqual(err('error: no objects passed to scale daemonsets.apps "nope" not found'));
    expect(f.run('kubectl scale ds nope nope2 nope --replicas=2')).toEqual(err('error: no objects passed to scale [daemonsets.apps "nope" not found, daemonsets.apps "nope2" not found]'));
    // one object found: the scale of that one fails first
    expect(f.run('kubectl scale ds nope log-agent --replicas=2')).toEqual(NO_SUBRESOURCE);
    expect(f.run('kubectl scale ds -l app=none --replicas=2')).toEqual(err('error: no objects passed to scale'));
    expect(f.run('kubectl scale ds --replicas=2')).toEqual(err('error: resource(s) were provided, but no name was specified'));
    expect(f.run('kubectl scale -l app=x --replicas=2')).toEqual(err('error: at least one resource must be specified to use a selector'));
    expect(f.run('kubectl scale --replicas=2').stderr).toMatch(/^error: You must provide one or more resources by argument or filename\.\n/);
    expect(f.run('kubectl scale ds/log-agent ds/x --replicas=2 --resource-version=5')).toEqual(NO_SUBRESOURCE);
    addDaemonSet(f.cluster, 'other');
    expect(f.run('kubectl scale ds --all --replicas=2 --resource-version=5')).toEqual(err('error: cannot use --resource-version with multiple resources'));
  });

  it('-f: the object comes from the file as it is (no GET), so even an absent DaemonSet gets the 404', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl scale -f - --replicas=2', DS_YAML)).toEqual(NO_SUBRESOURCE);
    });
    expect(f.run('kubectl scale -f missing.yaml --replicas=2')).toEqual(err('error: the path "missing.yaml" does not exist'));
    expect(f.run('kubectl scale -f - ds/log-agent --replicas=2', DS_YAML)).toEqual(err('error: resource/name arguments cannot be provided when a path is specified'));
    expect(f.run('kubectl scale -f - ds log-agent --replicas=2', DS_YAML)).toEqual(
      err('error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well'),
    );
    expect(f.run('kubectl scale -f - --replicas=2', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n').stderr).toMatch(
      /^error: no objects passed to scale resource mapping not found for name: "web" namespace: "" from "STDIN": no matches for kind "Deployment" in version "apps\/v1"/,
    );
  });

  it('--dry-run=client sends nothing and prints what kubectl prints', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl scale ds/log-agent --replicas=2 --dry-run=client')).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent scaled (dry run)\n', stderr: '' });
      expect(f.run('kubectl scale ds/log-agent --replicas=2 --dry-run=client -o name').stdout).toBe('daemonset.apps/log-agent\n');
      expect(f.run('kubectl scale ds/log-agent --replicas=2 --dry-run=client -o yaml').stdout).toMatch(/^apiVersion: apps\/v1\nkind: DaemonSet\nmetadata:\n/);
      expect(f.run('kubectl scale ds log-agent nope --replicas=2 --dry-run=client')).toEqual({
        exitCode: 1,
        stdout: 'daemonset.apps/log-agent scaled (dry run)\n',
        stderr: 'Error from server (NotFound): daemonsets.apps "nope" not found\n',
      });
    });
  });

  it('the printer is chosen before anything is looked up', () => {
    const f = fixture();
    expect(f.run('kubectl scale ds/x --replicas=2 -o wide')).toEqual(
      err('error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml'),
    );
    expect(f.run('kubectl scale ds/x --replicas=2 --dry-run=maybe')).toEqual(err('error: Invalid dry-run value (maybe). Must be "none", "server", or "client".'));
  });

  it('is a known verb; a truly unknown verb keeps cobra\'s error', () => {
    const f = fixture();
    expect(f.run('kubectl scael ds/x --replicas=1').stderr).toBe('error: unknown command "scael" for "kubectl"\n\nDid you mean this?\n\tscale\n\nRun \'kubectl --help\' for usage.\n');
    expect(f.run('kubectl scale ds/x --replicas=1 --bogus').stderr).toBe("error: unknown flag: --bogus\nSee 'kubectl scale --help' for usage.\n");
  });

  it('--record is accepted with its deprecation notice, before the server says NotFound', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expect(f.run('kubectl scale ds/log-agent --replicas=2 --record')).toEqual({
      ...NO_SUBRESOURCE,
      stderr: `Flag --record has been deprecated, --record will be removed in the future\n${NO_SUBRESOURCE.stderr}`,
    });
  });
});
