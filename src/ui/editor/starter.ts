/**
 * The file an editor opens with when its playground brings none: the example DaemonSet of the
 * README, not yet applied.
 */
import type { TabRecord } from './tabs.svelte.js';

export const STARTER_TAB: TabRecord = {
  name: 'daemonset.yaml',
  text: `apiVersion: apps/v1
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
`,
};

/** The tabs to open: the playground's files when it has some, else the starter. */
export function initialTabs(files: Readonly<Record<string, string>>): TabRecord[] {
  const entries = Object.entries(files);
  return entries.length > 0 ? entries.map(([name, text]) => ({ name, text })) : [STARTER_TAB];
}
