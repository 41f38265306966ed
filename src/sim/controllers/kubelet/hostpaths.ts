/**
 * The filesystem of a simulated machine, as far as hostPath volumes can see it, and the hostPath
 * volume plugin's `SetUp` type check (pkg/volume/hostpath `checkType`/`checkTypeInternal`, in
 * the v1.34 wording: "hostPath type check failed: <path> is not a directory").
 *
 * A machine knows a set of paths with a file type each. Parents of a listed path exist as
 * directories. `DirectoryOrCreate` creates the directory (with parents, like `MkdirAll`),
 * `FileOrCreate` creates an empty file when its parent directory exists, and an untyped hostPath
 * is not checked: the runtime bind-mounts it and creates a missing path as an empty directory.
 */
import type { HostPathType } from '../../api/types.js';
import { BoundedTable } from '../../bounded-table.js';

export type HostPathKind = 'Directory' | 'File' | 'Socket' | 'CharDevice' | 'BlockDevice';

export const HOST_PATH_KINDS: readonly HostPathKind[] = ['Directory', 'File', 'Socket', 'CharDevice', 'BlockDevice'];

/** What a containerd node without `--paths` has: the paths common node agents mount. */
export const DEFAULT_HOST_PATHS: readonly string[] = [
  '/boot', '/dev', '/dev/kmsg', '/dev/fuse', '/dev/net/tun', '/etc/cni/net.d', '/etc/hosts', '/etc/kubernetes',
  '/etc/machine-id', '/etc/os-release', '/etc/resolv.conf', '/etc/ssl/certs', '/home', '/lib/modules', '/opt/cni/bin',
  '/proc', '/root', '/run/containerd/containerd.sock', '/run/udev', '/run/xtables.lock', '/sys', '/sys/fs/bpf',
  '/sys/fs/cgroup', '/sys/kernel/debug', '/tmp', '/usr/bin', '/usr/lib', '/usr/local/bin', '/var/lib/containerd',
  '/var/lib/kubelet', '/var/lib/kubelet/plugins', '/var/lib/kubelet/plugins_registry', '/var/lib/kubelet/pods',
  '/var/log', '/var/log/containers', '/var/log/journal', '/var/log/pods', '/var/run',
];

const DEV_DIRECTORIES = new Set(['pts', 'shm', 'disk', 'mapper', 'hugepages', 'mqueue', 'net', 'input', 'snd', 'dri', 'bus', 'cpu', 'char', 'block']);
const BLOCK_DEVICE = /^\/dev\/(sd[a-z]+\d*|vd[a-z]+\d*|xvd[a-z]+\d*|nvme\d+n\d+(p\d+)?|loop\d+|dm-\d+|md\d+)$/;
const EXTENSIONLESS_FILES = new Set(['/etc/machine-id', '/etc/hostname', '/etc/hosts', '/etc/localtime', '/etc/passwd', '/etc/group', '/etc/shadow', '/etc/os-release', '/etc/resolv.conf', '/var/run/utmp']);

/** Collapses `//`, drops a trailing `/` (but keeps `/`). */
export function cleanPath(p: string): string {
  const out = p.replace(/\/+/g, '/');
  return out.length > 1 && out.endsWith('/') ? out.slice(0, -1) : out;
}

/** The file type a path most likely has on a Linux node, from its name. */
export function inferKind(path: string): HostPathKind {
  if (path.endsWith('.sock')) return 'Socket';
  if (path.startsWith('/dev/')) {
    const rest = path.slice(5);
    if (BLOCK_DEVICE.test(path)) return 'BlockDevice';
    if (DEV_DIRECTORIES.has(rest.split('/')[0]!) && !rest.includes('/')) return 'Directory';
    return 'CharDevice';
  }
  if (EXTENSIONLESS_FILES.has(path)) return 'File';
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot > 0 && !base.endsWith('.d')) return 'File';
  return 'Directory';
}

/**
 * Parses one `--paths` entry: an absolute path, optionally `:Type` to state its file type
 * (`/var/run/docker.sock:Socket`). Returns an error sentence when it is not one.
 */
export function parsePathSpec(spec: string): { path: string; kind: HostPathKind } | { error: string } {
  let path = spec;
  let kind: HostPathKind | undefined;
  const colon = spec.lastIndexOf(':');
  if (colon > 0) {
    const t = spec.slice(colon + 1);
    if (!(HOST_PATH_KINDS as readonly string[]).includes(t)) {
      return { error: `unknown file type "${t}" (use one of ${HOST_PATH_KINDS.join(', ')})` };
    }
    kind = t as HostPathKind;
    path = spec.slice(0, colon);
  }
  if (!path.startsWith('/')) return { error: 'a host path must be absolute (start with "/")' };
  if (/\s/.test(path)) return { error: 'a host path may not contain spaces' };
  if (path.split('/').includes('..')) return { error: 'a host path may not contain ".."' };
  const clean = cleanPath(path);
  return { path: clean, kind: kind ?? inferKind(clean) };
}

function parentOf(path: string): string | undefined {
  if (path === '/') return undefined;
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** Adds `path` with `kind`, and its missing parents as directories. */
export function addPath(paths: Record<string, HostPathKind>, path: string, kind: HostPathKind): void {
  paths[path] = kind;
  for (let p = parentOf(path); p !== undefined; p = parentOf(p)) {
    if (paths[p]) break;
    paths[p] = 'Directory';
  }
}

/** A machine's path table from a list of entries (with `/` always present). */
export function pathTable(entries: readonly { path: string; kind: HostPathKind }[]): Record<string, HostPathKind> {
  const out: Record<string, HostPathKind> = { '/': 'Directory' };
  for (const e of entries) addPath(out, e.path, e.kind);
  return out;
}

/** Tables shared by the machines registered with the same entries, by those entries as text. */
const sharedTables = new BoundedTable<string, Readonly<Record<string, HostPathKind>>>(256);
/** The list last asked about (lists are never changed once parsed) and its table. */
let lastEntries: readonly { path: string; kind: HostPathKind }[] | undefined;
let lastTable: Readonly<Record<string, HostPathKind>> | undefined;

/**
 * The path table for these entries, one object shared by every machine registered with the same
 * list (on a big cluster nearly all have the default one, and a table is a few kilobytes). It
 * must not be changed: a machine copies it before its first new path (`setUpHostPath`'s
 * `writable`). The cache is dropped whole past 256 distinct lists.
 */
export function sharedPathTable(entries: readonly { path: string; kind: HostPathKind }[]): Readonly<Record<string, HostPathKind>> {
  // `sim node add node-{1..5000}` registers every machine with one parsed list: its table is
  // found without building the text key 5,000 times.
  if (entries === lastEntries) return lastTable!;
  // Joined by a loop: `map` then `join` gave `join` a holey list once `map` was inlined (a packed
  // one before), and `registerMachine`, which inlines this, was deoptimised at each new cluster's
  // first machine.
  let key = '';
  for (let i = 0; i < entries.length; i++) key += `${i > 0 ? '\n' : ''}${entries[i]!.path}:${entries[i]!.kind}`;
  const table = sharedTables.obtain(key, () => pathTable(entries));
  lastEntries = entries;
  lastTable = table;
  return table;
}

const DESCRIPTIONS: Record<Exclude<HostPathType, '' | 'DirectoryOrCreate' | 'FileOrCreate'>, string> = {
  Directory: 'directory',
  File: 'file',
  Socket: 'socket file',
  CharDevice: 'character device',
  BlockDevice: 'block device',
};

/**
 * The hostPath plugin's SetUp for one volume on this machine (`checkTypeInternal`): undefined
 * when the mount succeeds (creating what `...OrCreate` and untyped volumes create), otherwise the
 * error the kubelet reports. `paths` is only read; a path is created in the table `writable`
 * returns (the same table unless it is shared; see `sharedPathTable`).
 */
export function setUpHostPath(
  paths: Readonly<Record<string, HostPathKind>>,
  rawPath: string,
  rawType: HostPathType | undefined,
  writable: () => Record<string, HostPathKind> = () => paths as Record<string, HostPathKind>,
): string | undefined {
  const path = cleanPath(rawPath);
  const kind = paths[path];
  const type: HostPathType = rawType ?? '';
  switch (type) {
    case '':
      if (!kind) addPath(writable(), path, 'Directory');
      return undefined;
    case 'DirectoryOrCreate':
      if (!kind) {
        addPath(writable(), path, 'Directory');
        return undefined;
      }
      return kind === 'Directory' ? undefined : `hostPath type check failed: ${path} is not a ${DESCRIPTIONS.Directory}`;
    case 'Directory':
      return kind === 'Directory' ? undefined : `hostPath type check failed: ${path} is not a ${DESCRIPTIONS.Directory}`;
    case 'FileOrCreate': {
      if (!kind) {
        const parent = parentOf(path) ?? '/';
        const pk = paths[parent];
        if (!pk) return `open ${path}: no such file or directory`;
        if (pk !== 'Directory') return `open ${path}: not a directory`;
        writable()[path] = 'File';
        return undefined;
      }
      return kind !== 'Directory' ? undefined : `hostPath type check failed: ${path} is not a ${DESCRIPTIONS.File}`;
    }
    case 'File':
      return kind && kind !== 'Directory' ? undefined : `hostPath type check failed: ${path} is not a ${DESCRIPTIONS.File}`;
    case 'Socket':
    case 'CharDevice':
    case 'BlockDevice':
      return kind === type ? undefined : `hostPath type check failed: ${path} is not a ${DESCRIPTIONS[type]}`;
    default:
      return `${type} is an invalid volume type`;
  }
}
