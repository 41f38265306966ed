/**
 * core/v1 Container and the types it is built from: ports, env, resources, volume mounts,
 * probes, lifecycle hooks and the container security context.
 * Field names and Go types follow `k8s.io/api/core/v1/types.go`.
 */
import {
  always, arrayOf, bool, embed, int32, int64, intOrString, named, open, ptr, quantity, resourceList, str, struct,
} from './types.js';
import type { Fields, StructType } from './types.js';

const localObjectReference: Fields = embed('LocalObjectReference', { name: str });

export const objectFieldSelector = struct('v1.ObjectFieldSelector', { apiVersion: str, fieldPath: always(str) });
export const resourceFieldSelector = struct('v1.ResourceFieldSelector', {
  containerName: str,
  resource: always(str),
  divisor: quantity,
});

const keySelector = (go: string): StructType => struct(go, { ...localObjectReference, key: always(str), optional: ptr(bool) });

const envVar = struct('v1.EnvVar', {
  name: always(str),
  value: str,
  valueFrom: ptr(struct('v1.EnvVarSource', {
    fieldRef: ptr(objectFieldSelector),
    resourceFieldRef: ptr(resourceFieldSelector),
    configMapKeyRef: ptr(keySelector('v1.ConfigMapKeySelector')),
    secretKeyRef: ptr(keySelector('v1.SecretKeySelector')),
    fileKeyRef: ptr(open('v1.FileKeySelector')),
  })),
});

const envFromSource = struct('v1.EnvFromSource', {
  prefix: str,
  configMapRef: ptr(struct('v1.ConfigMapEnvSource', { ...localObjectReference, optional: ptr(bool) })),
  secretRef: ptr(struct('v1.SecretEnvSource', { ...localObjectReference, optional: ptr(bool) })),
});

const containerPort = struct('v1.ContainerPort', {
  name: str,
  hostPort: int32,
  containerPort: always(int32),
  protocol: named('v1.Protocol'),
  hostIP: str,
});

export const resourceRequirements = struct('v1.ResourceRequirements', {
  limits: resourceList,
  requests: resourceList,
  claims: arrayOf(struct('v1.ResourceClaim', { name: always(str), request: str })),
});

const volumeMount = struct('v1.VolumeMount', {
  name: always(str),
  readOnly: bool,
  recursiveReadOnly: ptr(named('v1.RecursiveReadOnlyMode')),
  mountPath: always(str),
  subPath: str,
  mountPropagation: ptr(named('v1.MountPropagationMode')),
  subPathExpr: str,
});

const execAction = struct('v1.ExecAction', { command: arrayOf(str) });
const httpGetAction = struct('v1.HTTPGetAction', {
  path: str,
  port: always(intOrString),
  host: str,
  scheme: named('v1.URIScheme'),
  httpHeaders: arrayOf(struct('v1.HTTPHeader', { name: always(str), value: always(str) })),
});
const tcpSocketAction = struct('v1.TCPSocketAction', { port: always(intOrString), host: str });

export const probe = struct('v1.Probe', {
  ...embed('ProbeHandler', {
    exec: ptr(execAction),
    httpGet: ptr(httpGetAction),
    tcpSocket: ptr(tcpSocketAction),
    grpc: ptr(struct('v1.GRPCAction', { port: always(int32), service: always(ptr(str)) })),
  }),
  initialDelaySeconds: int32,
  timeoutSeconds: int32,
  periodSeconds: int32,
  successThreshold: int32,
  failureThreshold: int32,
  terminationGracePeriodSeconds: ptr(int64),
});

const lifecycleHandler = struct('v1.LifecycleHandler', {
  exec: ptr(execAction),
  httpGet: ptr(httpGetAction),
  tcpSocket: ptr(tcpSocketAction),
  sleep: ptr(struct('v1.SleepAction', { seconds: always(int64) })),
});

const lifecycle = struct('v1.Lifecycle', {
  postStart: ptr(lifecycleHandler),
  preStop: ptr(lifecycleHandler),
  stopSignal: ptr(named('v1.Signal')),
});

export const seLinuxOptions = struct('v1.SELinuxOptions', { user: str, role: str, type: str, level: str });
export const windowsOptions = struct('v1.WindowsSecurityContextOptions', {
  gmsaCredentialSpecName: ptr(str),
  gmsaCredentialSpec: ptr(str),
  runAsUserName: ptr(str),
  hostProcess: ptr(bool),
});
export const seccompProfile = struct('v1.SeccompProfile', {
  type: always(named('v1.SeccompProfileType')),
  localhostProfile: ptr(str),
});
export const appArmorProfile = struct('v1.AppArmorProfile', {
  type: always(named('v1.AppArmorProfileType')),
  localhostProfile: ptr(str),
});

const securityContext = struct('v1.SecurityContext', {
  capabilities: ptr(struct('v1.Capabilities', { add: arrayOf(named('v1.Capability')), drop: arrayOf(named('v1.Capability')) })),
  privileged: ptr(bool),
  seLinuxOptions: ptr(seLinuxOptions),
  windowsOptions: ptr(windowsOptions),
  runAsUser: ptr(int64),
  runAsGroup: ptr(int64),
  runAsNonRoot: ptr(bool),
  readOnlyRootFilesystem: ptr(bool),
  allowPrivilegeEscalation: ptr(bool),
  procMount: ptr(named('v1.ProcMountType')),
  seccompProfile: ptr(seccompProfile),
  appArmorProfile: ptr(appArmorProfile),
});

/** The fields every container kind shares (Container, and EphemeralContainerCommon). */
export const containerFields: Fields = {
  name: always(str),
  image: str,
  command: arrayOf(str),
  args: arrayOf(str),
  workingDir: str,
  ports: arrayOf(containerPort),
  envFrom: arrayOf(envFromSource),
  env: arrayOf(envVar),
  resources: resourceRequirements,
  resizePolicy: arrayOf(struct('v1.ContainerResizePolicy', {
    resourceName: always(named('v1.ResourceName')),
    restartPolicy: always(named('v1.ResourceResizeRestartPolicy')),
  })),
  restartPolicy: ptr(named('v1.ContainerRestartPolicy')),
  restartPolicyRules: arrayOf(open('v1.ContainerRestartRule')),
  volumeMounts: arrayOf(volumeMount),
  volumeDevices: arrayOf(struct('v1.VolumeDevice', { name: always(str), devicePath: always(str) })),
  livenessProbe: ptr(probe),
  readinessProbe: ptr(probe),
  startupProbe: ptr(probe),
  lifecycle: ptr(lifecycle),
  terminationMessagePath: str,
  terminationMessagePolicy: named('v1.TerminationMessagePolicy'),
  imagePullPolicy: named('v1.PullPolicy'),
  securityContext: ptr(securityContext),
  stdin: bool,
  stdinOnce: bool,
  tty: bool,
};

export const container = struct('v1.Container', containerFields);

export const ephemeralContainer = struct('v1.EphemeralContainer', {
  ...embed('EphemeralContainerCommon', containerFields),
  targetContainerName: str,
});
