/**
 * core/v1 Container and the types it is built from: ports, env, resources, volume mounts,
 * probes, lifecycle hooks and the container security context.
 * Field names and Go types follow `k8s.io/api/core/v1/types.go`.
 */
import {
  arrayOf, bool, embed, int32, int64, intOrString, named, open, quantity, resourceList, str, struct,
} from './types.js';
import type { Fields, StructType } from './types.js';

const localObjectReference: Fields = embed('LocalObjectReference', { name: str });

export const objectFieldSelector = struct('v1.ObjectFieldSelector', { apiVersion: str, fieldPath: str });
export const resourceFieldSelector = struct('v1.ResourceFieldSelector', {
  containerName: str,
  resource: str,
  divisor: quantity,
});

const keySelector = (go: string): StructType => struct(go, { ...localObjectReference, key: str, optional: bool });

const envVar = struct('v1.EnvVar', {
  name: str,
  value: str,
  valueFrom: struct('v1.EnvVarSource', {
    fieldRef: objectFieldSelector,
    resourceFieldRef: resourceFieldSelector,
    configMapKeyRef: keySelector('v1.ConfigMapKeySelector'),
    secretKeyRef: keySelector('v1.SecretKeySelector'),
    fileKeyRef: open('v1.FileKeySelector'),
  }),
});

const envFromSource = struct('v1.EnvFromSource', {
  prefix: str,
  configMapRef: struct('v1.ConfigMapEnvSource', { ...localObjectReference, optional: bool }),
  secretRef: struct('v1.SecretEnvSource', { ...localObjectReference, optional: bool }),
});

const containerPort = struct('v1.ContainerPort', {
  name: str,
  hostPort: int32,
  containerPort: int32,
  protocol: named('v1.Protocol'),
  hostIP: str,
});

export const resourceRequirements = struct('v1.ResourceRequirements', {
  limits: resourceList,
  requests: resourceList,
  claims: arrayOf(struct('v1.ResourceClaim', { name: str, request: str })),
});

const volumeMount = struct('v1.VolumeMount', {
  name: str,
  readOnly: bool,
  recursiveReadOnly: named('v1.RecursiveReadOnlyMode'),
  mountPath: str,
  subPath: str,
  mountPropagation: named('v1.MountPropagationMode'),
  subPathExpr: str,
});

const execAction = struct('v1.ExecAction', { command: arrayOf(str) });
const httpGetAction = struct('v1.HTTPGetAction', {
  path: str,
  port: intOrString,
  host: str,
  scheme: named('v1.URIScheme'),
  httpHeaders: arrayOf(struct('v1.HTTPHeader', { name: str, value: str })),
});
const tcpSocketAction = struct('v1.TCPSocketAction', { port: intOrString, host: str });

export const probe = struct('v1.Probe', {
  ...embed('ProbeHandler', {
    exec: execAction,
    httpGet: httpGetAction,
    tcpSocket: tcpSocketAction,
    grpc: struct('v1.GRPCAction', { port: int32, service: str }),
  }),
  initialDelaySeconds: int32,
  timeoutSeconds: int32,
  periodSeconds: int32,
  successThreshold: int32,
  failureThreshold: int32,
  terminationGracePeriodSeconds: int64,
});

const lifecycleHandler = struct('v1.LifecycleHandler', {
  exec: execAction,
  httpGet: httpGetAction,
  tcpSocket: tcpSocketAction,
  sleep: struct('v1.SleepAction', { seconds: int64 }),
});

const lifecycle = struct('v1.Lifecycle', {
  postStart: lifecycleHandler,
  preStop: lifecycleHandler,
  stopSignal: named('v1.Signal'),
});

export const seLinuxOptions = struct('v1.SELinuxOptions', { user: str, role: str, type: str, level: str });
export const windowsOptions = struct('v1.WindowsSecurityContextOptions', {
  gmsaCredentialSpecName: str,
  gmsaCredentialSpec: str,
  runAsUserName: str,
  hostProcess: bool,
});
export const seccompProfile = struct('v1.SeccompProfile', {
  type: named('v1.SeccompProfileType'),
  localhostProfile: str,
});
export const appArmorProfile = struct('v1.AppArmorProfile', {
  type: named('v1.AppArmorProfileType'),
  localhostProfile: str,
});

const securityContext = struct('v1.SecurityContext', {
  capabilities: struct('v1.Capabilities', { add: arrayOf(named('v1.Capability')), drop: arrayOf(named('v1.Capability')) }),
  privileged: bool,
  seLinuxOptions,
  windowsOptions,
  runAsUser: int64,
  runAsGroup: int64,
  runAsNonRoot: bool,
  readOnlyRootFilesystem: bool,
  allowPrivilegeEscalation: bool,
  procMount: named('v1.ProcMountType'),
  seccompProfile,
  appArmorProfile,
});

/** The fields every container kind shares (Container, and EphemeralContainerCommon). */
export const containerFields: Fields = {
  name: str,
  image: str,
  command: arrayOf(str),
  args: arrayOf(str),
  workingDir: str,
  ports: arrayOf(containerPort),
  envFrom: arrayOf(envFromSource),
  env: arrayOf(envVar),
  resources: resourceRequirements,
  resizePolicy: arrayOf(struct('v1.ContainerResizePolicy', {
    resourceName: named('v1.ResourceName'),
    restartPolicy: named('v1.ResourceResizeRestartPolicy'),
  })),
  restartPolicy: named('v1.ContainerRestartPolicy'),
  restartPolicyRules: arrayOf(open('v1.ContainerRestartRule')),
  volumeMounts: arrayOf(volumeMount),
  volumeDevices: arrayOf(struct('v1.VolumeDevice', { name: str, devicePath: str })),
  livenessProbe: probe,
  readinessProbe: probe,
  startupProbe: probe,
  lifecycle,
  terminationMessagePath: str,
  terminationMessagePolicy: named('v1.TerminationMessagePolicy'),
  imagePullPolicy: named('v1.PullPolicy'),
  securityContext,
  stdin: bool,
  stdinOnce: bool,
  tty: bool,
};

export const container = struct('v1.Container', containerFields);

export const ephemeralContainer = struct('v1.EphemeralContainer', {
  ...embed('EphemeralContainerCommon', containerFields),
  targetContainerName: str,
});
