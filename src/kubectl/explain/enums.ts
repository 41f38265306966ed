/**
 * The enum values the Kubernetes OpenAPI schema lists for the enum types (`+enum` in
 * `k8s.io/api/core/v1/types.go` and `apps/v1/types.go`, v1.34) that the manifest schema uses, by
 * the Go type the schema names. openapi-gen lists them sorted; the sort below keeps that order.
 * These are API constants (like field names), not prose; kubernetes-types drops them.
 */
const VALUES: Readonly<Record<string, readonly string[]>> = {
  'v1.AppArmorProfileType': ['Localhost', 'RuntimeDefault', 'Unconfined'],
  'v1.DNSPolicy': ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'],
  'v1.DaemonSetUpdateStrategyType': ['OnDelete', 'RollingUpdate'],
  'v1.HostPathType': ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'],
  'v1.MountPropagationMode': ['Bidirectional', 'HostToContainer', 'None'],
  'v1.NamespacePhase': ['Active', 'Terminating'],
  'v1.NodePhase': ['Pending', 'Running', 'Terminated'],
  'v1.NodeSelectorOperator': ['DoesNotExist', 'Exists', 'Gt', 'In', 'Lt', 'NotIn'],
  'v1.PodFSGroupChangePolicy': ['Always', 'OnRootMismatch'],
  'v1.PodPhase': ['Failed', 'Pending', 'Running', 'Succeeded', 'Unknown'],
  'v1.PodQOSClass': ['BestEffort', 'Burstable', 'Guaranteed'],
  'v1.PreemptionPolicy': ['Never', 'PreemptLowerPriority'],
  'v1.ProcMountType': ['Default', 'Unmasked'],
  'v1.Protocol': ['SCTP', 'TCP', 'UDP'],
  'v1.PullPolicy': ['Always', 'IfNotPresent', 'Never'],
  'v1.RestartPolicy': ['Always', 'Never', 'OnFailure'],
  'v1.SeccompProfileType': ['Localhost', 'RuntimeDefault', 'Unconfined'],
  'v1.SupplementalGroupsPolicy': ['Merge', 'Strict'],
  'v1.TaintEffect': ['NoExecute', 'NoSchedule', 'PreferNoSchedule'],
  'v1.TerminationMessagePolicy': ['FallbackToLogsOnError', 'File'],
  'v1.TolerationOperator': ['Equal', 'Exists'],
  'v1.URIScheme': ['HTTP', 'HTTPS'],
  'v1.Signal': signals(),
};

/** `v1.Signal`: the signals a container's lifecycle may stop it with. */
function signals(): string[] {
  const plain = ['ABRT', 'ALRM', 'BUS', 'CHLD', 'CLD', 'CONT', 'FPE', 'HUP', 'ILL', 'INT', 'IO', 'IOT', 'KILL', 'PIPE', 'POLL', 'PROF', 'PWR', 'QUIT', 'SEGV', 'STKFLT', 'STOP', 'SYS', 'TERM', 'TRAP', 'TSTP', 'TTIN', 'TTOU', 'URG', 'USR1', 'USR2', 'VTALRM', 'WINCH', 'XCPU', 'XFSZ'];
  const realtime = Array.from({ length: 15 }, (_, i) => [`RTMIN+${i + 1}`, `RTMAX-${i + 1}`]).flat().filter((s) => s !== 'RTMAX-15');
  return [...plain, 'RTMIN', 'RTMAX', ...realtime].map((s) => `SIG${s}`);
}

/** Each enum type's values in openapi-gen's order (Go's sort.Strings). */
export const ENUMS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(VALUES).map(([type, values]) => [type, [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))]),
);
