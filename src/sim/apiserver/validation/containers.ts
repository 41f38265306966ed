/**
 * Container validation: core `validateContainers`, `validateInitContainers`,
 * `validateContainerCommon`, `validateContainerPorts`, `ValidateVolumeMounts`,
 * `validatePullPolicy`, the probe checks and `checkHostPortConflicts`.
 *
 * Order of messages per container follows upstream: name, image, terminationMessagePolicy,
 * ports, volumeMounts, imagePullPolicy, resources; then (regular containers) the name-uniqueness
 * check and the probes; host-port conflicts are checked across all containers at the end.
 */
import type { Container, ContainerPort } from '../../api/types.js';
import { isDNS1123Label } from '../../api/name-validation.js';
import { child, duplicate, forbidden, goValue, index, invalid, notFound, required, unsupported, type FieldError } from './field.js';
import { validateProbe } from './probes.js';
import { validateResourceRequirements } from './resources.js';

const PORT_RANGE = 'must be between 1 and 65535, inclusive';
/** `supportedPortProtocols`, sorted. */
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'] as const;
/** `supportedPullPolicies`, sorted. */
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'] as const;

/** `validateContainers`: at least one, each valid, names unique, host ports not in conflict. */
export function validateContainers(containers: readonly Container[] | undefined, volumes: Set<string>, path: string): FieldError[] {
  const list = containers ?? [];
  if (list.length === 0) return [required(path)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  list.forEach((c, i) => {
    const p = index(path, i);
    errs.push(...validateContainerCommon(c, volumes, p));
    if (names.has(c.name ?? '')) errs.push(duplicate(child(p, 'name'), goValue(c.name ?? '')));
    else names.add(c.name ?? '');
    errs.push(...validateProbe(c.livenessProbe, child(p, 'livenessProbe'), true));
    errs.push(...validateProbe(c.readinessProbe, child(p, 'readinessProbe'), false));
    errs.push(...validateProbe(c.startupProbe, child(p, 'startupProbe'), true));
  });
  errs.push(...checkHostPortConflicts(list, path));
  return errs;
}

/** `validateInitContainers` (without restartable sidecars): probes are forbidden, names unique across both lists. */
export function validateInitContainers(
  containers: readonly Container[] | undefined,
  regular: readonly Container[] | undefined,
  volumes: Set<string>,
  path: string,
): FieldError[] {
  // Nearly every pod has none: the names below are not gathered for nothing.
  if (!containers || containers.length === 0) return [];
  const errs: FieldError[] = [];
  const names = new Set((regular ?? []).map((c) => c.name ?? ''));
  containers.forEach((c, i) => {
    const p = index(path, i);
    errs.push(...validateContainerCommon(c, volumes, p));
    if (names.has(c.name ?? '')) errs.push(duplicate(child(p, 'name'), goValue(c.name ?? '')));
    else if ((c.name ?? '').length > 0) names.add(c.name ?? '');
    errs.push(...checkHostPortConflicts([c], path));
    for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
      if (c[probe]) errs.push(forbidden(child(p, probe), 'may not be set for init containers without restartPolicy=Always'));
    }
  });
  return errs;
}

function validateContainerCommon(c: Container, volumes: Set<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const name = c.name ?? '';
  if (name.length === 0) errs.push(required(child(path, 'name')));
  else for (const msg of isDNS1123Label(name)) errs.push(invalid(child(path, 'name'), goValue(name), msg));
  if ((c.image ?? '').length === 0) errs.push(required(child(path, 'image')));
  const tmp = (c as { terminationMessagePolicy?: string }).terminationMessagePolicy ?? '';
  if (tmp.length === 0) errs.push(required(child(path, 'terminationMessagePolicy')));
  else if (tmp !== 'File' && tmp !== 'FallbackToLogsOnError') {
    errs.push(unsupported(child(path, 'terminationMessagePolicy'), goValue(tmp), ['File', 'FallbackToLogsOnError']));
  }
  errs.push(...validateContainerPorts(c.ports, child(path, 'ports')));
  errs.push(...validateVolumeMounts(c, volumes, child(path, 'volumeMounts')));
  const pull = c.imagePullPolicy ?? '';
  if (pull.length === 0) errs.push(required(child(path, 'imagePullPolicy')));
  else if (!(PULL_POLICIES as readonly string[]).includes(pull)) errs.push(unsupported(child(path, 'imagePullPolicy'), goValue(pull), PULL_POLICIES));
  errs.push(...validateResourceRequirements(c.resources, child(path, 'resources')));
  return errs;
}

/** `validateContainerPorts`. Port names are checked by `IsValidPortName`. */
function validateContainerPorts(ports: readonly ContainerPort[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (ports ?? []).forEach((port, i) => {
    const p = index(path, i);
    const name = port.name ?? '';
    if (name.length > 0) {
      const msgs = portNameErrors(name);
      if (msgs.length > 0) for (const msg of msgs) errs.push(invalid(child(p, 'name'), goValue(name), msg));
      else if (names.has(name)) errs.push(duplicate(child(p, 'name'), goValue(name)));
      else names.add(name);
    }
    const cp = port.containerPort ?? 0;
    if (cp === 0) errs.push(required(child(p, 'containerPort')));
    else if (!validPort(cp)) errs.push(invalid(child(p, 'containerPort'), goValue(cp), PORT_RANGE));
    const hp = port.hostPort ?? 0;
    if (hp !== 0 && !validPort(hp)) errs.push(invalid(child(p, 'hostPort'), goValue(hp), PORT_RANGE));
    const proto = port.protocol ?? '';
    if (proto.length === 0) errs.push(required(child(p, 'protocol')));
    else if (!(PROTOCOLS as readonly string[]).includes(proto)) errs.push(unsupported(child(p, 'protocol'), goValue(proto), PROTOCOLS));
  });
  return errs;
}

function validPort(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= 65535;
}

/** `IsValidPortName` (an IANA service name). */
function portNameErrors(name: string): string[] {
  const errs: string[] = [];
  if (name.length > 15) errs.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(name)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(name)) errs.push('must contain at least one letter (a-z)');
  if (name.includes('--')) errs.push('must not contain consecutive hyphens');
  if (name.length > 0 && (name.startsWith('-') || name.endsWith('-'))) errs.push('must not begin or end with a hyphen');
  return errs;
}

/** `ValidateVolumeMounts`: each mount names a volume of the pod, has a unique mountPath. */
function validateVolumeMounts(c: Container, volumes: Set<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const mountPaths = new Set<string>();
  (c.volumeMounts ?? []).forEach((m, i) => {
    const p = index(path, i);
    if ((m.name ?? '').length === 0) errs.push(required(child(p, 'name')));
    if (!volumes.has(m.name ?? '')) errs.push(notFound(child(p, 'name'), goValue(m.name ?? '')));
    if ((m.mountPath ?? '').length === 0) errs.push(required(child(p, 'mountPath')));
    if (mountPaths.has(m.mountPath ?? '')) errs.push(invalid(child(p, 'mountPath'), goValue(m.mountPath ?? ''), 'must be unique'));
    mountPaths.add(m.mountPath ?? '');
  });
  return errs;
}

/** `AccumulateUniqueHostPorts`: the same `protocol/hostIP/hostPort` twice is a Duplicate. */
function checkHostPortConflicts(containers: readonly Container[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  containers.forEach((c, ci) => {
    (c.ports ?? []).forEach((port, pi) => {
      if (!port.hostPort) return;
      const id = `${port.protocol ?? ''}/${port.hostIP ?? ''}/${port.hostPort}`;
      if (seen.has(id)) errs.push(duplicate(child(index(child(index(path, ci), 'ports'), pi), 'hostPort'), goValue(id)));
      else seen.add(id);
    });
  });
  return errs;
}
