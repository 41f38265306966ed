import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { bootstrap } from '../../../src/sim/engine/bootstrap.js';
import { createCluster } from '../../../src/sim/index.js';
import { agentYaml } from '../agent-yaml.js';
import { snapshotJson } from '../timeline/snapshot-json.js';
import { Cluster } from '../../../src/sim/engine/cluster.js';
import { nodeControllers } from '../../../src/sim/controllers/kubelet/nodecontrollers.js';
import type { Kubelet } from '../../../src/sim/controllers/kubelet/kubelet.js';

function cluster(): Cluster {
  const c = new Cluster({ seed: 1, controllers: () => nodeControllers() });
  bootstrap(c);
  return c;
}

function run(c: Cluster, line: string) {
  return exec(c, line);
}

function nodeNames(c: Cluster): string[] {
  return c.store.list('Node').map((n) => n.metadata.name);
}

describe('sim node add', () => {
  it('registers a Node like a kubelet: well-known labels, default capacity, addresses, node info', () => {
    const c = cluster();
    expect(run(c, 'sim node add node-1')).toEqual({ exitCode: 0, stdout: 'node/node-1 created\n', stderr: '' });
    const n = c.api.get('Node', '', 'node-1')!;
    expect(n.metadata.labels).toEqual({
      'beta.kubernetes.io/arch': 'amd64',
      'beta.kubernetes.io/os': 'linux',
      'kubernetes.io/arch': 'amd64',
      'kubernetes.io/hostname': 'node-1',
      'kubernetes.io/os': 'linux',
    });
    expect(n.status.capacity).toEqual({ cpu: '4', 'ephemeral-storage': '100Gi', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: '8Gi', pods: '110' });
    expect(n.status.allocatable).toEqual(n.status.capacity);
    expect(n.status.addresses).toEqual([
      { type: 'InternalIP', address: '10.0.0.2' },
      { type: 'Hostname', address: 'node-1' },
    ]);
    expect(n.status.nodeInfo).toMatchObject({ kubeletVersion: 'v1.34.3', containerRuntimeVersion: 'containerd://2.1.4', operatingSystem: 'linux', architecture: 'amd64', osImage: 'Ubuntu 24.04.3 LTS' });
    expect(n.spec.podCIDR).toBe('10.244.0.0/24');
    expect(n.spec.taints).toEqual([{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
    expect(n.status.conditions!.find((x) => x.type === 'Ready')!.status).toBe('False');
    run(c, 'sim advance 10s');
    expect(c.api.get('Node', '', 'node-1')!.status.conditions!.find((x) => x.type === 'Ready')!.status).toBe('True');
    expect(c.api.get('Node', '', 'node-1')!.spec.taints).toBeUndefined();
  });

  it('takes --labels (empty values too), --taints (with and without values), --cpu, --memory, --pods and --paths', () => {
    const c = cluster();
    const r = run(c, 'sim node add gpu-1 --labels node-role.kubernetes.io/worker=,accelerator=nvidia,kubernetes.io/os=windows --taints nvidia.com/gpu=present:NoSchedule,dedicated:NoExecute --cpu 2 --memory 4096Mi --pods 30 --paths /var/log,/run/docker.sock');
    expect(r).toEqual({ exitCode: 0, stdout: 'node/gpu-1 created\n', stderr: '' });
    const n = c.api.get('Node', '', 'gpu-1')!;
    expect(n.metadata.labels).toMatchObject({ 'node-role.kubernetes.io/worker': '', accelerator: 'nvidia', 'kubernetes.io/os': 'windows', 'beta.kubernetes.io/os': 'windows' });
    expect(n.status.nodeInfo!['operatingSystem']).toBe('windows');
    expect(n.spec.taints!.slice(0, 2)).toEqual([
      { key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' },
      { key: 'dedicated', effect: 'NoExecute' },
    ]);
    expect(n.status.capacity).toMatchObject({ cpu: '2', memory: '4Gi', pods: '30' });
    const paths = c.controller<Kubelet>('kubelet')!.machine('gpu-1')!.paths;
    expect(paths).toEqual({ '/': 'Directory', '/var': 'Directory', '/var/log': 'Directory', '/run': 'Directory', '/run/docker.sock': 'Socket' });
  });

  it('adds the names a brace range gives, and numbers the machines in order', () => {
    const c = cluster();
    expect(run(c, 'sim node add node-{001..003} extra').stdout).toBe('node/node-001 created\nnode/node-002 created\nnode/node-003 created\nnode/extra created\n');
    expect(c.api.get('Node', '', 'extra')!.status.addresses![0]!.address).toBe('10.0.0.5');
    expect(c.api.get('Node', '', 'extra')!.spec.podCIDR).toBe('10.244.3.0/24');
  });

  it('names the bad flag or value and changes nothing', () => {
    const c = cluster();
    const bad: [string, string][] = [
      ['sim node add a --labels foo', 'error: invalid --labels entry "foo": expected key=value (key= for an empty value)\n'],
      ['sim node add a --labels -x=1', 'error: invalid --labels entry "-x=1": invalid key "-x": '],
      ['sim node add a --taints gpu', 'error: invalid --taints entry "gpu": a taint needs an effect: key=value:Effect or key:Effect (NoSchedule, PreferNoSchedule or NoExecute)\n'],
      ['sim node add a --taints gpu:Sometimes', 'error: invalid --taints entry "gpu:Sometimes": invalid taint effect: Sometimes, unsupported taint effect\n'],
      ['sim node add a --cpu lots', 'error: invalid --cpu "lots": '],
      ['sim node add a --memory -1Gi', 'error: invalid --memory "-1Gi": must not be negative\n'],
      ['sim node add a --pods many', 'error: invalid --pods "many": must be a whole number of pods\n'],
      ['sim node add a --paths var/log', 'error: invalid --paths entry "var/log": a host path must be absolute (start with "/")\n'],
      ['sim node add Node_1', 'error: invalid node name "Node_1": a lowercase RFC 1123 subdomain must consist of'],
      ['sim node add a a', 'error: node name "a" is given twice\n'],
      ['sim node add', 'error: sim node add needs at least one node name, e.g. "sim node add node-1"\n'],
      ['sim node add a --colour red', "error: unknown flag: --colour\nSee 'sim node add --help' for usage.\n"],
    ];
    for (const [line, err] of bad) {
      const r = run(c, line);
      expect(r.exitCode, line).toBe(1);
      expect(r.stderr.startsWith(err), `${line}\n${r.stderr}`).toBe(true);
      expect(r.stdout).toBe('');
    }
    expect(nodeNames(c)).toEqual([]);
    run(c, 'sim node add a');
    expect(run(c, 'sim node add a')).toEqual({ exitCode: 1, stdout: '', stderr: 'Error from server (AlreadyExists): nodes "a" already exists\n' });
    const dup = run(c, 'sim node add b a');
    expect(dup).toEqual({ exitCode: 1, stdout: '', stderr: 'Error from server (AlreadyExists): nodes "a" already exists\n1 of the 2 nodes already exists (a); no node was added\n' });
    expect(nodeNames(c)).toEqual(['a']);
  });

  it('adds none of a fleet some of whose names exist, and says how many exist and which', () => {
    const c = cluster();
    run(c, 'sim node add node-{1..3}');
    expect(run(c, 'sim node add node-{1..5000}')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'Error from server (AlreadyExists): nodes "node-1" already exists\n3 of the 5000 nodes already exist (node-1, node-2, node-3); no node was added\n',
    });
    run(c, 'sim node add node-{4..9}');
    expect(run(c, 'sim node add node-{0..20}').stderr).toBe(
      'Error from server (AlreadyExists): nodes "node-1" already exists\n9 of the 21 nodes already exist (node-1, node-2, node-3, node-4, node-5 and 4 more); no node was added\n',
    );
    expect(nodeNames(c)).toHaveLength(9);
    // A bad name anywhere is reported before the names that exist: the command is refused either way.
    expect(run(c, 'sim node add node-1 Bad').stderr.startsWith('error: invalid node name "Bad"')).toBe(true);
  });
});

describe('sim node fail / recover / remove / condition', () => {
  it('fails and recovers a kubelet, with clear errors for the wrong state or an unknown node', () => {
    const c = cluster();
    run(c, 'sim node add node-1 node-2');
    run(c, 'sim advance 10s');
    expect(run(c, 'sim node fail node-1')).toEqual({ exitCode: 0, stdout: 'node/node-1 failed: its kubelet stopped posting status (Ready turns Unknown after 50s)\n', stderr: '' });
    expect(run(c, 'sim node fail node-1').stderr).toBe('error: node "node-1" has already failed (bring it back with "sim node recover node-1")\n');
    run(c, 'sim advance 50s');
    expect(c.api.get('Node', '', 'node-1')!.status.conditions!.find((x) => x.type === 'Ready')!.status).toBe('Unknown');
    expect(run(c, 'sim node recover node-1').stdout).toBe('node/node-1 recovered: its kubelet posts status again\n');
    expect(c.api.get('Node', '', 'node-1')!.status.conditions!.find((x) => x.type === 'Ready')!.status).toBe('True');
    expect(run(c, 'sim node recover node-1').stderr).toBe('error: node "node-1" has not failed: its kubelet is running\n');
    expect(run(c, 'sim node fail nope')).toEqual({ exitCode: 1, stdout: '', stderr: 'Error from server (NotFound): nodes "nope" not found\n' });
    c.api.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'manual' }, spec: {}, status: {} });
    expect(run(c, 'sim node fail manual').stderr).toBe('error: node "manual" has no simulated machine (it was not added with "sim node add"), so its kubelet cannot be controlled\n');
  });

  it('sets conditions until changed, and refuses unknown types and statuses', () => {
    const c = cluster();
    run(c, 'sim node add node-1');
    expect(run(c, 'sim node condition node-1 MemoryPressure=True NetworkUnavailable=True')).toEqual({
      exitCode: 0,
      stdout: 'node/node-1 condition MemoryPressure=True\nnode/node-1 condition NetworkUnavailable=True\n',
      stderr: '',
    });
    const taints = () => (c.api.get('Node', '', 'node-1')!.spec.taints ?? []).map((t) => `${t.key}:${t.effect}`);
    expect(taints()).toEqual(['node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/network-unavailable:NoSchedule', 'node.kubernetes.io/memory-pressure:NoSchedule']);
    expect(run(c, 'sim node condition node-1 Ready=Unknown').stderr).toBe('error: invalid condition "Ready=Unknown": a running kubelet never posts Unknown; use "sim node fail node-1" to stop it\n');
    expect(run(c, 'sim node condition node-1 KernelDeadlock=True').stderr).toBe('error: invalid condition "KernelDeadlock=True": unknown type "KernelDeadlock" (use Ready, MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable)\n');
    expect(run(c, 'sim node condition node-1 MemoryPressure=yes').stderr).toBe('error: invalid condition "MemoryPressure=yes": the status must be True or False\n');
    expect(run(c, 'sim node condition node-1 MemoryPressure=False DiskPressure=maybe').exitCode).toBe(1);
    expect(c.api.get('Node', '', 'node-1')!.status.conditions!.find((x) => x.type === 'MemoryPressure')!.status).toBe('True');
    expect(run(c, 'sim node condition node-1').stderr).toBe('error: sim node condition needs a node and Type=Status, e.g. "sim node condition node-1 MemoryPressure=True"\n');
  });

  it('removes the machine and its Node', () => {
    const c = cluster();
    run(c, 'sim node add node-1 node-2');
    expect(run(c, 'sim node remove node-2')).toEqual({ exitCode: 0, stdout: 'node/node-2 removed\n', stderr: '' });
    expect(nodeNames(c)).toEqual(['node-1']);
    expect(c.controller<Kubelet>('kubelet')!.machine('node-2')).toBeUndefined();
    expect(run(c, 'sim node remove node-2').stderr).toBe('Error from server (NotFound): nodes "node-2" not found\n');
    // the name can join again as a new machine
    expect(run(c, 'sim node add node-2').exitCode).toBe(0);
    expect(c.api.get('Node', '', 'node-2')!.status.addresses![0]!.address).toBe('10.0.0.4');
  });

  it('fails, recovers, sets conditions on and removes brace ranges of nodes, as add takes them', () => {
    const c = cluster();
    run(c, 'sim node add node-{1..6}');
    run(c, 'sim advance 10s');
    const kubelet = c.controller<Kubelet>('kubelet')!;
    const running = () => nodeNames(c).filter((n) => kubelet.machine(n)!.running);
    expect(run(c, 'sim node fail node-{1..3}').stdout).toBe(['node-1', 'node-2', 'node-3'].map((n) => `node/${n} failed: its kubelet stopped posting status (Ready turns Unknown after 50s)\n`).join(''));
    expect(running()).toEqual(['node-4', 'node-5', 'node-6']);
    // Every name is checked before anything changes: one already failed refuses the whole range.
    expect(run(c, 'sim node fail node-{3..4}').stderr).toBe('error: node "node-3" has already failed (bring it back with "sim node recover node-3")\n');
    expect(running()).toEqual(['node-4', 'node-5', 'node-6']);
    expect(run(c, 'sim node fail node-4 node-{4,5}').stderr).toBe('error: node name "node-4" is given twice\n');
    expect(run(c, 'sim node fail node-{1..20000}').stderr).toBe('node-{1..20000}: brace expansion gives more than 10000 words\n');
    expect(run(c, 'sim node fail node-{5..7}')).toEqual({ exitCode: 1, stdout: '', stderr: 'Error from server (NotFound): nodes "node-7" not found\n' });
    expect(running()).toEqual(['node-4', 'node-5', 'node-6']);
    expect(run(c, 'sim node recover node-{1..3}').stdout).toBe('node/node-1 recovered: its kubelet posts status again\nnode/node-2 recovered: its kubelet posts status again\nnode/node-3 recovered: its kubelet posts status again\n');
    expect(running()).toHaveLength(6);
    expect(run(c, 'sim node condition node-{5,6} DiskPressure=True').stdout).toBe('node/node-5 condition DiskPressure=True\nnode/node-6 condition DiskPressure=True\n');
    const pressure = (n: string) => c.api.get('Node', '', n)!.status.conditions!.find((x) => x.type === 'DiskPressure')!.status;
    expect(['node-4', 'node-5', 'node-6'].map(pressure)).toEqual(['False', 'True', 'True']);
    expect(run(c, 'sim node condition node-{6..7} DiskPressure=False').stderr).toBe('Error from server (NotFound): nodes "node-7" not found\n');
    expect(pressure('node-6')).toBe('True');
    expect(run(c, 'sim node remove node-{2..3} node-5').stdout).toBe('node/node-2 removed\nnode/node-3 removed\nnode/node-5 removed\n');
    expect(nodeNames(c)).toEqual(['node-1', 'node-4', 'node-6']);
  });

  it('recovers a range of nodes as recovering them one after another within the command would', () => {
    const fleet = () => {
      const c = createCluster({ seed: 3 });
      for (const line of ['sim node add node-{1..6}', 'kubectl apply -f -', 'sim settle', 'sim node fail node-{2..5}', 'sim advance 2m']) expect(exec(c, line, agentYaml()).exitCode).toBe(0);
      return c;
    };
    const together = fleet();
    expect(run(together, 'sim node recover node-{2..5}').exitCode).toBe(0);
    const oneByOne = fleet();
    const kubelet = oneByOne.controller<Kubelet>('kubelet')!;
    for (const name of ['node-2', 'node-3', 'node-4', 'node-5']) {
      kubelet.recoverNode(name, oneByOne.now);
      oneByOne.restartEventSources('kubelet', [name]);
    }
    oneByOne.settle('sim node recover node-{2..5}');
    for (const c of [together, oneByOne]) run(c, 'sim advance 1m');
    expect(snapshotJson(together)).toBe(snapshotJson(oneByOne));
    expect(together.store.list('Node').every((n) => n.status.conditions!.find((x) => x.type === 'Ready')!.status === 'True')).toBe(true);
  });

  it('removes a range of nodes as removing them one after another within the command would', () => {
    const fleet = () => {
      const c = createCluster({ seed: 3 });
      for (const line of ['sim node add node-{1..6}', 'kubectl apply -f -', 'sim settle']) expect(exec(c, line, agentYaml()).exitCode).toBe(0);
      return c;
    };
    const together = fleet();
    expect(run(together, 'sim node remove node-{2..5}').exitCode).toBe(0);
    // The kubelet keeps nothing of the removed machines, their pods included.
    const kept = together.controller<Kubelet>('kubelet')!;
    expect(['node-2', 'node-3', 'node-4', 'node-5'].map((n) => kept.machine(n))).toEqual([undefined, undefined, undefined, undefined]);
    const kubeletState = JSON.stringify(kept.snapshot(), (_, v: unknown) => (v instanceof Map ? [...v] : v));
    expect(kubeletState).toMatch(/"node-6"/);
    expect(kubeletState).not.toMatch(/"node-[2-5]"/);
    const oneByOne = fleet();
    const kubelet = oneByOne.controller<Kubelet>('kubelet')!;
    const client = oneByOne.clientFor('sim');
    for (const name of ['node-2', 'node-3', 'node-4', 'node-5']) {
      expect(client.delete(oneByOne.api.get('Node', '', name)!, `sim node remove: machine ${name} is gone, and its Node object with it`).ok).toBe(true);
      kubelet.forgetMachine(name);
    }
    oneByOne.settle('sim node remove node-{2..5}');
    for (const c of [together, oneByOne]) run(c, 'sim advance 1m');
    expect(snapshotJson(together)).toBe(snapshotJson(oneByOne));
  });

  it('explains a missing or unknown subcommand', () => {
    const c = cluster();
    expect(run(c, 'sim node').stderr).toBe('error: sim node needs a subcommand: add, fail, recover, remove or condition (e.g. "sim node add node-1")\n');
    expect(run(c, 'sim node reboot node-1').stderr).toBe('error: unknown subcommand "reboot" for "sim node" (use add, fail, recover, remove or condition)\n');
  });
});

