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
  arrayOf, bool, int32, int64, named, open, resourceList, str, stringMap, struct, time,
} from './types.js';

const nodeSelectorRequirement = struct('v1.NodeSelectorRequirement', {
  key: str,
  operator: named('v1.NodeSelectorOperator'),
  values: arrayOf(str),
});

const nodeSelectorTerm = struct('v1.NodeSelectorTerm', {
  matchExpressions: arrayOf(nodeSelectorRequirement),
  matchFields: arrayOf(nodeSelectorRequirement),
});

const affinity = struct('v1.Affinity', {
  nodeAffinity: struct('v1.NodeAffinity', {
    requiredDuringSchedulingIgnoredDuringExecution: struct('v1.NodeSelector', {
      nodeSelectorTerms: arrayOf(nodeSelectorTerm),
    }),
    preferredDuringSchedulingIgnoredDuringExecution: arrayOf(struct('v1.PreferredSchedulingTerm', {
      weight: int32,
      preference: nodeSelectorTerm,
    })),
  }),
  podAffinity: open('v1.PodAffinity'),
  podAntiAffinity: open('v1.PodAntiAffinity'),
});

export const toleration = struct('v1.Toleration', {
  key: str,
  operator: named('v1.TolerationOperator'),
  value: str,
  effect: named('v1.TaintEffect'),
  tolerationSeconds: int64,
});

const podSecurityContext = struct('v1.PodSecurityContext', {
  seLinuxOptions,
  windowsOptions,
  runAsUser: int64,
  runAsGroup: int64,
  runAsNonRoot: bool,
  supplementalGroups: arrayOf(int64),
  supplementalGroupsPolicy: named('v1.SupplementalGroupsPolicy'),
  fsGroup: int64,
  sysctls: arrayOf(struct('v1.Sysctl', { name: str, value: str })),
  fsGroupChangePolicy: named('v1.PodFSGroupChangePolicy'),
  seccompProfile,
  appArmorProfile,
  seLinuxChangePolicy: named('v1.PodSELinuxChangePolicy'),
});

const podDNSConfig = struct('v1.PodDNSConfig', {
  nameservers: arrayOf(str),
  searches: arrayOf(str),
  options: arrayOf(struct('v1.PodDNSConfigOption', { name: str, value: str })),
});

export const podSpec = struct('v1.PodSpec', {
  volumes: arrayOf(volume),
  initContainers: arrayOf(container),
  containers: arrayOf(container),
  ephemeralContainers: arrayOf(ephemeralContainer),
  restartPolicy: named('v1.RestartPolicy'),
  terminationGracePeriodSeconds: int64,
  activeDeadlineSeconds: int64,
  dnsPolicy: named('v1.DNSPolicy'),
  nodeSelector: stringMap,
  serviceAccountName: str,
  serviceAccount: str,
  automountServiceAccountToken: bool,
  nodeName: str,
  hostNetwork: bool,
  hostPID: bool,
  hostIPC: bool,
  shareProcessNamespace: bool,
  securityContext: podSecurityContext,
  imagePullSecrets: arrayOf(struct('v1.LocalObjectReference', { name: str })),
  hostname: str,
  subdomain: str,
  affinity,
  schedulerName: str,
  tolerations: arrayOf(toleration),
  hostAliases: arrayOf(struct('v1.HostAlias', { ip: str, hostnames: arrayOf(str) })),
  priorityClassName: str,
  priority: int32,
  dnsConfig: podDNSConfig,
  readinessGates: arrayOf(struct('v1.PodReadinessGate', { conditionType: named('v1.PodConditionType') })),
  runtimeClassName: str,
  enableServiceLinks: bool,
  preemptionPolicy: named('v1.PreemptionPolicy'),
  overhead: resourceList,
  topologySpreadConstraints: arrayOf(open('v1.TopologySpreadConstraint')),
  setHostnameAsFQDN: bool,
  os: struct('v1.PodOS', { name: named('v1.OSName') }),
  hostUsers: bool,
  schedulingGates: arrayOf(struct('v1.PodSchedulingGate', { name: str })),
  resourceClaims: arrayOf(open('v1.PodResourceClaim')),
  resources: resourceRequirements,
  hostnameOverride: str,
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
  startTime: time,
  initContainerStatuses: arrayOf(open('v1.ContainerStatus')),
  containerStatuses: arrayOf(open('v1.ContainerStatus')),
  qosClass: named('v1.PodQOSClass'),
  ephemeralContainerStatuses: arrayOf(open('v1.ContainerStatus')),
  resize: named('v1.PodResizeStatus'),
  resourceClaimStatuses: arrayOf(open('v1.PodResourceClaimStatus')),
  extendedResourceClaimStatus: open('v1.PodExtendedResourceClaimStatus'),
});
