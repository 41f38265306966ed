/**
 * core/v1 PodSpec, PodTemplateSpec, PodStatus and the scheduling types they use (affinity,
 * tolerations, DNS, pod security context). Field names and Go types follow
 * `k8s.io/api/core/v1/types.go`; podAffinity, podAntiAffinity and topologySpreadConstraints are
 * accepted as open objects (the playground does not evaluate them).
 */
import { container, ephemeralContainer, resourceRequirements, appArmorProfile, seccompProfile, seLinuxOptions, windowsOptions } from './container.js';
import { condition, objectMeta } from './meta.js';
import { volume } from './volume.js';
import {
  always, arrayOf, bool, int32, int64, named, open, ptr, resourceList, str, stringMap, struct, time,
} from './types.js';

const nodeSelectorRequirement = struct('v1.NodeSelectorRequirement', {
  key: always(str),
  operator: always(named('v1.NodeSelectorOperator')),
  values: arrayOf(str),
});

const nodeSelectorTerm = struct('v1.NodeSelectorTerm', {
  matchExpressions: arrayOf(nodeSelectorRequirement),
  matchFields: arrayOf(nodeSelectorRequirement),
});

const affinity = struct('v1.Affinity', {
  nodeAffinity: ptr(struct('v1.NodeAffinity', {
    requiredDuringSchedulingIgnoredDuringExecution: ptr(struct('v1.NodeSelector', {
      nodeSelectorTerms: always(arrayOf(nodeSelectorTerm)),
    })),
    preferredDuringSchedulingIgnoredDuringExecution: arrayOf(struct('v1.PreferredSchedulingTerm', {
      weight: always(int32),
      preference: always(nodeSelectorTerm),
    })),
  })),
  podAffinity: ptr(open('v1.PodAffinity')),
  podAntiAffinity: ptr(open('v1.PodAntiAffinity')),
});

export const toleration = struct('v1.Toleration', {
  key: str,
  operator: named('v1.TolerationOperator'),
  value: str,
  effect: named('v1.TaintEffect'),
  tolerationSeconds: ptr(int64),
});

const podSecurityContext = struct('v1.PodSecurityContext', {
  seLinuxOptions: ptr(seLinuxOptions),
  windowsOptions: ptr(windowsOptions),
  runAsUser: ptr(int64),
  runAsGroup: ptr(int64),
  runAsNonRoot: ptr(bool),
  supplementalGroups: arrayOf(int64),
  supplementalGroupsPolicy: ptr(named('v1.SupplementalGroupsPolicy')),
  fsGroup: ptr(int64),
  sysctls: arrayOf(struct('v1.Sysctl', { name: always(str), value: always(str) })),
  fsGroupChangePolicy: ptr(named('v1.PodFSGroupChangePolicy')),
  seccompProfile: ptr(seccompProfile),
  appArmorProfile: ptr(appArmorProfile),
  seLinuxChangePolicy: ptr(named('v1.PodSELinuxChangePolicy')),
});

const podDNSConfig = struct('v1.PodDNSConfig', {
  nameservers: arrayOf(str),
  searches: arrayOf(str),
  options: arrayOf(struct('v1.PodDNSConfigOption', { name: str, value: ptr(str) })),
});

export const podSpec = struct('v1.PodSpec', {
  volumes: arrayOf(volume),
  initContainers: arrayOf(container),
  containers: always(arrayOf(container)),
  ephemeralContainers: arrayOf(ephemeralContainer),
  restartPolicy: named('v1.RestartPolicy'),
  terminationGracePeriodSeconds: ptr(int64),
  activeDeadlineSeconds: ptr(int64),
  dnsPolicy: named('v1.DNSPolicy'),
  nodeSelector: stringMap,
  serviceAccountName: str,
  serviceAccount: str,
  automountServiceAccountToken: ptr(bool),
  nodeName: str,
  hostNetwork: bool,
  hostPID: bool,
  hostIPC: bool,
  shareProcessNamespace: ptr(bool),
  securityContext: ptr(podSecurityContext),
  imagePullSecrets: arrayOf(struct('v1.LocalObjectReference', { name: str })),
  hostname: str,
  subdomain: str,
  affinity: ptr(affinity),
  schedulerName: str,
  tolerations: arrayOf(toleration),
  hostAliases: arrayOf(struct('v1.HostAlias', { ip: always(str), hostnames: arrayOf(str) })),
  priorityClassName: str,
  priority: ptr(int32),
  dnsConfig: ptr(podDNSConfig),
  readinessGates: arrayOf(struct('v1.PodReadinessGate', { conditionType: always(named('v1.PodConditionType')) })),
  runtimeClassName: ptr(str),
  enableServiceLinks: ptr(bool),
  preemptionPolicy: ptr(named('v1.PreemptionPolicy')),
  overhead: resourceList,
  topologySpreadConstraints: arrayOf(open('v1.TopologySpreadConstraint')),
  setHostnameAsFQDN: ptr(bool),
  os: ptr(struct('v1.PodOS', { name: always(named('v1.OSName')) })),
  hostUsers: ptr(bool),
  schedulingGates: arrayOf(struct('v1.PodSchedulingGate', { name: always(str) })),
  resourceClaims: arrayOf(open('v1.PodResourceClaim')),
  resources: ptr(resourceRequirements),
  hostnameOverride: ptr(str),
});

export const podTemplateSpec = struct('v1.PodTemplateSpec', { metadata: objectMeta, spec: podSpec });

const podIP = struct('v1.PodIP', { ip: str });
const hostIP = struct('v1.HostIP', { ip: str });

export const podStatus = struct('v1.PodStatus', {
  observedGeneration: int64,
  phase: named('v1.PodPhase'),
  conditions: arrayOf(condition('v1.PodCondition', 'v1.PodConditionType', { observedGeneration: int64, lastProbeTime: time })),
  message: str,
  reason: str,
  nominatedNodeName: str,
  hostIP: str,
  hostIPs: arrayOf(hostIP),
  podIP: str,
  podIPs: arrayOf(podIP),
  startTime: ptr(time),
  initContainerStatuses: arrayOf(open('v1.ContainerStatus')),
  containerStatuses: arrayOf(open('v1.ContainerStatus')),
  qosClass: named('v1.PodQOSClass'),
  ephemeralContainerStatuses: arrayOf(open('v1.ContainerStatus')),
  resize: named('v1.PodResizeStatus'),
  resourceClaimStatuses: arrayOf(open('v1.PodResourceClaimStatus')),
  extendedResourceClaimStatus: ptr(open('v1.PodExtendedResourceClaimStatus')),
});
