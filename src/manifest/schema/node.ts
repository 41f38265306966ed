/**
 * core/v1 Node: NodeSpec (taints, unschedulable, CIDRs) and NodeStatus (capacity, allocatable,
 * conditions, addresses, nodeInfo, images, daemonEndpoints). Rarely written parts of the status
 * (volumes, runtime handlers, features, config) are open objects.
 */
import { condition } from './meta.js';
import { always, arrayOf, bool, int32, int64, named, open, ptr, resourceList, str, struct, time } from './types.js';

export const taint = struct('v1.Taint', {
  key: always(str),
  value: str,
  effect: always(named('v1.TaintEffect')),
  timeAdded: ptr(time),
});

export const nodeSpec = struct('v1.NodeSpec', {
  podCIDR: str,
  podCIDRs: arrayOf(str),
  providerID: str,
  unschedulable: bool,
  taints: arrayOf(taint),
  configSource: ptr(open('v1.NodeConfigSource')),
  externalID: str,
});

const nodeSystemInfo = struct('v1.NodeSystemInfo', {
  machineID: always(str),
  systemUUID: always(str),
  bootID: always(str),
  kernelVersion: always(str),
  osImage: always(str),
  containerRuntimeVersion: always(str),
  kubeletVersion: always(str),
  kubeProxyVersion: always(str),
  operatingSystem: always(str),
  architecture: always(str),
  swap: ptr(open('v1.NodeSwapStatus')),
});

export const nodeStatus = struct('v1.NodeStatus', {
  capacity: resourceList,
  allocatable: resourceList,
  phase: named('v1.NodePhase'),
  conditions: arrayOf(condition('v1.NodeCondition', 'v1.NodeConditionType', { lastHeartbeatTime: time })),
  addresses: arrayOf(struct('v1.NodeAddress', { type: always(named('v1.NodeAddressType')), address: always(str) })),
  daemonEndpoints: struct('v1.NodeDaemonEndpoints', {
    kubeletEndpoint: struct('v1.DaemonEndpoint', { Port: always(int32) }),
  }),
  nodeInfo: nodeSystemInfo,
  images: arrayOf(struct('v1.ContainerImage', { names: always(arrayOf(str)), sizeBytes: int64 })),
  volumesInUse: arrayOf(named('v1.UniqueVolumeName')),
  volumesAttached: arrayOf(open('v1.AttachedVolume')),
  config: ptr(open('v1.NodeConfigStatus')),
  runtimeHandlers: arrayOf(open('v1.NodeRuntimeHandler')),
  features: ptr(open('v1.NodeFeatures')),
});
