/**
 * What a new cluster starts from: the "New cluster" menu's presets. Each is a session log (the
 * commands that build it, replayed in the worker like any other) and the editor files it opens
 * with. Every preset opens the example DaemonSet in the editor, not yet applied.
 */
import type { ClusterPreset } from '../../machines/session.js';
import { emptyLog, type SessionLog } from '../worker/session-log.js';

export type { ClusterPreset } from '../../machines/session.js';

export interface PresetStart {
  readonly log: SessionLog;
  readonly files: Readonly<Record<string, string>>;
}

/** The editor file the example DaemonSet opens in. */
export const EXAMPLE_FILE = 'daemonset.yaml';

export const EXAMPLE_DAEMONSET = `# A DaemonSet runs one copy of its pod on every node that qualifies.
# Apply it (Ctrl+Enter) and watch a pod appear on each node.
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: log-agent
spec:
  selector:
    matchLabels:
      app: log-agent
  template:
    metadata:
      labels:
        app: log-agent
    spec:
      containers:
      - name: agent
        image: registry.example/log-agent:1.0
        resources:
          requests:
            cpu: 100m
            memory: 64Mi
        volumeMounts:
        - name: varlog
          mountPath: /var/log
          readOnly: true
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
`;

/** The menu's entries, in order, with the words it shows. */
export const PRESETS: readonly { readonly id: ClusterPreset; readonly label: string }[] = [
  { id: 'empty', label: 'Empty (no nodes)' },
  { id: 'starter', label: 'Starter: three nodes' },
  { id: 'pools-10', label: 'Pools of 10 nodes' },
  { id: 'nodes-100', label: '100 nodes' },
  { id: 'nodes-1000', label: '1,000 nodes' },
];

/** The setup script of each preset, in the script language. */
const SCRIPTS: Readonly<Record<ClusterPreset, readonly string[]>> = {
  empty: [],
  starter: ['sim node add node-{1..3} --labels pool=general', 'sim settle'],
  'pools-10': [
    'sim node add general-{1..6} --labels pool=general',
    'sim node add gpu-{1..4} --labels pool=gpu --taints nvidia.com/gpu=present:NoSchedule',
    'sim settle',
  ],
  'nodes-100': [
    'sim node add general-{001..080} --labels pool=general',
    'sim node add gpu-{01..20} --labels pool=gpu --taints nvidia.com/gpu=present:NoSchedule',
    'sim settle',
  ],
  'nodes-1000': [
    'sim node add general-{0001..0800} --labels pool=general',
    'sim node add gpu-{001..150} --labels pool=gpu --taints nvidia.com/gpu=present:NoSchedule',
    'sim node add edge-{01..50} --labels pool=edge',
    'sim settle',
  ],
};

export function presetStart(preset: ClusterPreset, seed = 1): PresetStart {
  return {
    log: { ...emptyLog(seed), commands: SCRIPTS[preset].map((line) => ({ line })) },
    files: { [EXAMPLE_FILE]: EXAMPLE_DAEMONSET },
  };
}
