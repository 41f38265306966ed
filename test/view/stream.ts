/**
 * Test helper: a real cluster driven by session scripts, streamed to the view the way the worker
 * streams it: one `reset` batch with every object, then the trace's diffs batch by batch.
 */
import { exec } from '../../src/kubectl/exec.js';
import { parseScript } from '../../src/kubectl/script.js';
import type { ApiObject, Kind } from '../../src/sim/api/types.js';
import { createCluster, type Cluster, type TraceEntry } from '../../src/sim/index.js';
import type { ViewBatch } from '../../src/view/model/batch.js';

const KINDS: readonly Kind[] = ['Namespace', 'Node', 'Pod', 'DaemonSet', 'ControllerRevision', 'PriorityClass', 'Event'];

export class Stream {
  readonly cluster: Cluster = createCluster();
  private entries: TraceEntry[] = [];

  constructor() {
    this.cluster.subscribe((e) => this.entries.push(e));
  }

  /** Runs script text; throws on a parse error or a failing command, naming it. */
  run(text: string): this {
    const parsed = parseScript(text);
    if ('error' in parsed) throw new Error(`line ${parsed.line}: ${parsed.error}`);
    for (const cmd of parsed.commands) {
      const r = exec(this.cluster, cmd.text, cmd.stdin);
      if (r.exitCode !== 0) throw new Error(`${cmd.text}: ${r.stderr}`);
    }
    return this;
  }

  /** Every object now, as a reset batch (and forgets the diffs so far). */
  reset(): ViewBatch {
    this.entries = [];
    const objects: ApiObject[] = [];
    for (const k of KINDS) objects.push(...this.cluster.store.list(k));
    return { reset: objects, entries: [], now: this.cluster.now };
  }

  /** The diffs since the previous batch. */
  next(): ViewBatch {
    const entries = this.entries;
    this.entries = [];
    return { entries, now: this.cluster.now };
  }
}

export const DAEMONSET = (image = 'registry.example/agent:1.0', extra = '') => `kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
${extra}  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: agent
        image: ${image}
        resources:
          requests: {cpu: 250m, memory: 64Mi}
YAML
`;
