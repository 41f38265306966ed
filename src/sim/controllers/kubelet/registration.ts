/**
 * What a kubelet registers when its machine joins (`initialNode` and the node status setters of
 * pkg/kubelet/kubelet_node_status.go): the Node object `sim node add` creates, with the kubelet's
 * well-known labels, capacity, addresses and node info, and the machine's network plan.
 *
 * Machines are numbered in registration order: machine I has InternalIP 10.0.0.(I+2) (carrying
 * into the third octet past 253) and pod CIDR 10.244.I.0/24, as a kubeadm + flannel cluster
 * hands them out.
 */
import type { Node, ResourceList, Taint } from '../../api/types.js';
import type { Draft } from '../../apiserver/apiserver.js';
import { BoundedTable } from '../../bounded-table.js';
import { flatJoin } from '../../intern.js';
import { hexId, uuidId } from './ids.js';
import { NOTHING_FORCED, initialConditions, type ConditionInputs } from './nodestatus.js';

/** The version this simulated fleet runs (nodeInfo.kubeletVersion, `kubectl get nodes` VERSION). */
export const KUBELET_VERSION = 'v1.34.3';
export const OS_IMAGE = 'Ubuntu 24.04.3 LTS';
export const KERNEL_VERSION = '6.8.0-71-generic';
export const CONTAINER_RUNTIME_VERSION = 'containerd://2.1.4';
/** Made-up disk size every machine reports (capacity and allocatable `ephemeral-storage`). */
export const EPHEMERAL_STORAGE = '100Gi';

/**
 * The machine's InternalIP. Addresses are joined flat (`flatJoin`): a template literal made a
 * string per piece joined (each under 13 characters is copied whole), and a pod CIDR, 14 or more
 * characters, was kept as a rope.
 */
export function machineIP(index: number): string {
  const host = index + 2;
  return flatJoin('10.0.', String(Math.floor(host / 256)), '.', String(host % 256));
}

/**
 * Which pod network machine `index` draws its /24 from: 0 for 10.244.0.0/12 (the first 3,072
 * machines), 1 for 100.64.0.0/10. The octets below use it as a number, so every machine runs
 * the same arithmetic: with a branch per network, a 300-node warm-up never ran the second one's
 * and the optimised code of a 5,000-node build was thrown away at machine 3,072.
 */
function podNet(index: number): number {
  return index < 3072 ? 0 : 1;
}

/** The first octet and its dot of the machine's /24 pod network. */
function podNetHead(index: number): string {
  return podNet(index) === 0 ? '10.' : '100.';
}

/** The second octet of the machine's /24 pod network. */
function podNetSecond(index: number): string {
  const net = podNet(index);
  return String((net === 0 ? 244 : 64) + Math.floor((index - 3072 * net) / 256));
}

/** The third octet of the machine's /24 pod network. */
function podNetThird(index: number): string {
  return String((index - 3072 * podNet(index)) % 256);
}

export function podCIDR(index: number): string {
  return flatJoin(podNetHead(index), podNetSecond(index), '.', podNetThird(index), '.0/24');
}

/** The n-th pod IP handed out on this machine (hosts .2 to .254, wrapping). */
export function podIP(index: number, n: number): string {
  return flatJoin(podNetHead(index), podNetSecond(index), '.', podNetThird(index), '.', String((n % 253) + 2));
}

/** The annotations every kubelet registers with: one readonly map all nodes share. */
const NODE_ANNOTATIONS: Readonly<Record<string, string>> = {
  'node.alpha.kubernetes.io/ttl': '0',
  'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
};

/**
 * The kubelet's well-known labels plus the machine's own (`--labels`), keys in sorted order.
 * Without labels of its own (the usual fleet) the well-known ones are already in order.
 */
function nodeLabels(name: string, own: Readonly<Record<string, string>>): Record<string, string> {
  if (!hasKeys(own)) return wellKnownLabels('amd64', 'linux', name);
  const labels: Record<string, string> = { 'kubernetes.io/arch': 'amd64', 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', ...own };
  const wellKnown = wellKnownLabels(labels['kubernetes.io/arch']!, labels['kubernetes.io/os']!, labels['kubernetes.io/hostname']!);
  return Object.fromEntries(Object.entries({ ...labels, ...wellKnown }).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
}

/** The well-known labels, in sorted order. */
function wellKnownLabels(arch: string, os: string, hostname: string): Record<string, string> {
  return { 'beta.kubernetes.io/arch': arch, 'beta.kubernetes.io/os': os, 'kubernetes.io/arch': arch, 'kubernetes.io/hostname': hostname, 'kubernetes.io/os': os };
}

function hasKeys(o: object): boolean {
  for (const _ in o) return true;
  return false;
}

export interface Registration {
  readonly labels: Readonly<Record<string, string>>;
  readonly taints: readonly Taint[];
  readonly cpu: string;
  readonly memory: string;
  readonly pods: string;
}

/**
 * `capacity` and `allocatable` of a machine: one pair for all the machines of one size (stored
 * objects are never mutated), instead of two objects per node.
 */
const resourcesBySize = new BoundedTable<string, { readonly capacity: ResourceList; readonly allocatable: ResourceList }>(4096);

function machineResources(reg: Registration): { readonly capacity: ResourceList; readonly allocatable: ResourceList } {
  // The machines of one `sim node add` share its registration: found without building a key.
  if (reg === lastRegistration) return lastResources!;
  lastRegistration = reg;
  return (lastResources = resourcesBySize.obtain(`${reg.cpu}\u0000${reg.memory}\u0000${reg.pods}`, () => {
    const capacity: ResourceList = {
      cpu: reg.cpu,
      'ephemeral-storage': EPHEMERAL_STORAGE,
      'hugepages-1Gi': '0',
      'hugepages-2Mi': '0',
      memory: reg.memory,
      pods: reg.pods,
    };
    return { capacity, allocatable: { ...capacity } };
  }));
}

let lastRegistration: Registration | undefined;
let lastResources: ReturnType<typeof machineResources> | undefined;

/** What the condition setters read from a machine that registers: it boots, with nothing forced. */
const BOOTING: ConditionInputs = { forced: NOTHING_FORCED, booted: false };

/**
 * The Node a kubelet creates for machine `index` named `name` at `now`: a booting machine, so
 * Ready=False until its runtime network is up.
 */
export function registrationNode(name: string, index: number, reg: Registration, now: number): Draft<Node> & { kind: 'Node' } {
  const labels = nodeLabels(name, reg.labels);
  const { capacity, allocatable } = machineResources(reg);
  const cidr = podCIDR(index);
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      labels,
      annotations: NODE_ANNOTATIONS,
    },
    // Two literals rather than a spread of an optional part: a literal with a spread is built
    // field by field at run time, for every node.
    spec: reg.taints.length > 0 ? { podCIDR: cidr, podCIDRs: [cidr], taints: [...reg.taints] } : { podCIDR: cidr, podCIDRs: [cidr] },
    status: {
      conditions: initialConditions(BOOTING, now).conditions,
      capacity,
      allocatable,
      addresses: [
        { type: 'InternalIP', address: machineIP(index) },
        { type: 'Hostname', address: name },
      ],
      nodeInfo: {
        architecture: labels['kubernetes.io/arch']!,
        bootID: uuidId('boot', name, index),
        containerRuntimeVersion: CONTAINER_RUNTIME_VERSION,
        kernelVersion: KERNEL_VERSION,
        kubeProxyVersion: '',
        kubeletVersion: KUBELET_VERSION,
        machineID: hexId('machine', 32, '', name, index),
        operatingSystem: labels['kubernetes.io/os']!,
        osImage: OS_IMAGE,
        systemUUID: uuidId('system', name, index),
      },
    },
  };
}
