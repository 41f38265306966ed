/**
 * Runs generated actions against one cluster through `exec`, resolving node and pod indices
 * against what exists, and records every line that ran: a failing property reports it as a
 * script that `npx everynode run -` replays.
 */
import type { Cluster } from '../../src/sim/engine/cluster.js';
import { exec, type ExecOptions, type ExecResult } from '../../src/kubectl/exec.js';
import { IMAGES, type Action, type DaemonSetSpecGen, type NodeSpecGen, type Scenario, type StrategySpec } from './generators.js';
import { isLive, ownedPods, targetNode } from './model.js';

// ------------------------------------------------------------------------------------------
// Rendering

export function dsName(d: number): string {
  return `agent-${d}`;
}

function strategyJson(s: StrategySpec): unknown {
  return s.type === 'OnDelete' ? { type: 'OnDelete' } : { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: s.maxUnavailable, maxSurge: s.maxSurge } };
}

function affinityJson(a: DaemonSetSpecGen['affinity']): unknown {
  if (!a) return null;
  return { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: a.map((exprs) => ({ matchExpressions: exprs })) } } };
}

function selectorJson(sel: { zone: string | null; role: string | null }): Record<string, string> {
  const out: Record<string, string> = {};
  if (sel.zone !== null) out.zone = sel.zone;
  if (sel.role !== null) out.role = sel.role;
  return out;
}

/** The DaemonSet manifest (JSON is YAML). */
export function dsManifest(d: number, s: DaemonSetSpecGen): string {
  const name = dsName(d);
  const affinity = affinityJson(s.affinity);
  const obj = {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name },
    spec: {
      selector: { matchLabels: { app: name } },
      updateStrategy: strategyJson(s.strategy),
      ...(s.minReadySeconds > 0 ? { minReadySeconds: s.minReadySeconds } : {}),
      template: {
        metadata: { labels: { app: name } },
        spec: {
          ...(s.hostNetwork ? { hostNetwork: true } : {}),
          ...(Object.keys(selectorJson(s.nodeSelector)).length > 0 ? { nodeSelector: selectorJson(s.nodeSelector) } : {}),
          ...(affinity ? { affinity } : {}),
          ...(s.tolerations.length > 0 ? { tolerations: s.tolerations } : {}),
          containers: [{ name: 'agent', image: IMAGES[s.image], resources: { requests: { cpu: '100m', memory: '64Mi' } } }],
        },
      },
    },
  };
  return `${JSON.stringify(obj, null, 2)}\n`;
}

function mergePatch(d: number, patch: unknown): string {
  return `kubectl patch ds ${dsName(d)} --type merge -p '${JSON.stringify(patch)}'`;
}

function nodeAddLine(name: string, n: NodeSpecGen): string {
  const labels = [n.zone !== null ? `zone=${n.zone}` : '', n.role !== null ? `role=${n.role}` : ''].filter(Boolean);
  const taints = n.taints.map((t) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`);
  return [
    `sim node add ${name}`,
    labels.length > 0 ? `--labels ${labels.join(',')}` : '',
    taints.length > 0 ? `--taints ${taints.join(',')}` : '',
    `--cpu ${n.cpu} --pods ${n.pods}`,
  ]
    .filter(Boolean)
    .join(' ');
}

export interface Step {
  readonly line: string;
  readonly stdin?: string;
}

export interface Ran extends Step {
  readonly result: ExecResult;
}

/** The script text of what ran, heredocs included (replayable with `npx everynode run -`). */
export function scriptText(steps: readonly Step[]): string {
  return steps.map((s) => (s.stdin !== undefined ? `${s.line} <<EOF\n${s.stdin}EOF` : s.line)).join('\n');
}

/**
 * Runs actions against one cluster, resolving node and pod indices against what exists, and
 * records every line that ran. `afterCommand` runs after each command (its settle included).
 */
export class Driver {
  readonly ran: Ran[] = [];
  private readonly failed = new Set<string>();
  /** Conditions set with `sim node condition` that are not the healthy value, per node. */
  private readonly sick = new Map<string, Set<string>>();
  private readonly dsCount: number;

  constructor(
    readonly cluster: Cluster,
    private readonly maxNodes: number,
    daemonSets: number,
    private readonly afterCommand: (step: Ran) => void = () => {},
    /** What `exec` gets besides the line (a timeline that logs every command). */
    private readonly execOptions: ExecOptions = {},
  ) {
    this.dsCount = daemonSets;
  }

  run(line: string, stdin?: string): ExecResult {
    const result = exec(this.cluster, line, stdin, this.execOptions);
    const step: Ran = stdin !== undefined ? { line, stdin, result } : { line, result };
    this.ran.push(step);
    this.afterCommand(step);
    return result;
  }

  nodeNames(): string[] {
    return this.cluster.store.list('Node').map((n) => n.metadata.name);
  }

  private pick(i: number): string | undefined {
    const names = this.nodeNames();
    return names.length === 0 ? undefined : names[i % names.length];
  }

  addNode(n: NodeSpecGen): void {
    const names = new Set(this.nodeNames());
    if (names.size >= this.maxNodes) return;
    let k = 0;
    while (names.has(`n${k}`)) k++;
    this.failed.delete(`n${k}`);
    this.sick.delete(`n${k}`);
    this.run(nodeAddLine(`n${k}`, n));
  }

  createDaemonSet(d: number, s: DaemonSetSpecGen): void {
    this.run('kubectl apply -f -', dsManifest(d, s));
  }

  apply(a: Action): void {
    const d = 'd' in a ? a.d % this.dsCount : 0;
    switch (a.t) {
      case 'addNode':
        return this.addNode(a.node);
      case 'removeNode': {
        const n = this.pick(a.i);
        if (n === undefined) return;
        this.failed.delete(n);
        this.sick.delete(n);
        this.run(`sim node remove ${n}`);
        return;
      }
      case 'label': {
        const n = this.pick(a.i);
        if (n === undefined) return;
        this.run(a.value === null ? `kubectl label node ${n} ${a.key}-` : `kubectl label node ${n} ${a.key}=${a.value} --overwrite`);
        return;
      }
      case 'taint': {
        const n = this.pick(a.i);
        if (n === undefined) return;
        this.run(`kubectl taint nodes ${n} ${a.key}${a.value ? `=${a.value}` : ''}:${a.effect} --overwrite`);
        return;
      }
      case 'untaint': {
        const n = this.pick(a.i);
        if (n === undefined) return;
        const taints = (this.cluster.store.get('Node', '', n)?.spec.taints ?? []).filter((t) => !t.key.startsWith('node.kubernetes.io/'));
        if (taints.length === 0) return;
        const t = taints[a.j % taints.length]!;
        this.run(`kubectl taint nodes ${n} ${t.key}:${t.effect}-`);
        return;
      }
      case 'cordon':
      case 'uncordon': {
        const n = this.pick(a.i);
        if (n !== undefined) this.run(`kubectl ${a.t} ${n}`);
        return;
      }
      case 'fail': {
        const healthy = this.nodeNames().filter((n) => !this.failed.has(n));
        if (healthy.length === 0) return;
        const n = healthy[a.i % healthy.length]!;
        this.failed.add(n);
        this.run(`sim node fail ${n}`);
        return;
      }
      case 'recover': {
        const failed = this.nodeNames().filter((n) => this.failed.has(n));
        if (failed.length === 0) return;
        const n = failed[a.i % failed.length]!;
        this.failed.delete(n);
        this.run(`sim node recover ${n}`);
        return;
      }
      case 'condition': {
        const n = this.pick(a.i);
        if (n === undefined) return;
        const set = this.sick.get(n) ?? new Set<string>();
        if ((a.type === 'Ready') === (a.status === 'False')) set.add(a.type);
        else set.delete(a.type);
        this.sick.set(n, set);
        this.run(`sim node condition ${n} ${a.type}=${a.status}`);
        return;
      }
      case 'setImage':
        this.run(`kubectl set image ds/${dsName(d)} agent=${IMAGES[a.image]}`);
        return;
      case 'nodeSelector':
        this.run(mergePatch(d, { spec: { template: { spec: { nodeSelector: a.sel } } } }));
        return;
      case 'tolerations':
        this.run(mergePatch(d, { spec: { template: { spec: { tolerations: a.tolerations.length > 0 ? a.tolerations : null } } } }));
        return;
      case 'affinity':
        // A JSON patch "add" replaces the whole affinity (a merge patch would merge into it).
        this.run(
          a.affinity
            ? `kubectl patch ds ${dsName(d)} --type json -p '${JSON.stringify([{ op: 'add', path: '/spec/template/spec/affinity', value: affinityJson(a.affinity) }])}'`
            : mergePatch(d, { spec: { template: { spec: { affinity: null } } } }),
        );
        return;
      case 'strategy':
        this.run(
          mergePatch(d, {
            spec: { updateStrategy: a.strategy.type === 'OnDelete' ? { type: 'OnDelete', rollingUpdate: null } : strategyJson(a.strategy) },
          }),
        );
        return;
      case 'undo':
      case 'restart':
        this.run(`kubectl rollout ${a.t} ds/${dsName(d)}`);
        return;
      case 'imageBehaviour':
        this.run(`sim image ${IMAGES[a.image]} --behaviour ${a.behaviour}`);
        return;
      case 'deletePod': {
        const dset = this.cluster.store.get('DaemonSet', 'default', dsName(d));
        if (!dset) return;
        const pods = ownedPods(this.cluster.store.list('Pod'), dset)
          .filter(isLive)
          .sort((x, y) => (targetNode(x) ?? '').localeCompare(targetNode(y) ?? '') || x.metadata.name.localeCompare(y.metadata.name));
        if (pods.length === 0) return;
        this.run(`kubectl delete pod ${pods[a.i % pods.length]!.metadata.name} --wait=false`);
        return;
      }
      case 'advance':
        this.run(`sim advance ${a.seconds}s`);
        return;
      case 'settle':
        this.run('sim settle');
        return;
    }
  }

  /** Runs a whole scenario: nodes, DaemonSets, then the actions. */
  scenario(s: Scenario): void {
    for (const n of s.nodes) this.addNode(n);
    s.daemonSets.forEach((spec, d) => this.createDaemonSet(d, spec));
    if (s.warmUp > 0) this.run(`sim advance ${s.warmUp}s`);
    for (const a of s.actions) this.apply(a);
  }

  /**
   * The heal epilogue of property 5: every machine back, every image ok, every condition
   * healthy, no NoExecute taint left; settle; then delete what cannot heal by itself (pods of
   * a never-ready image keep running unready; OnDelete pods of an old revision wait for a
   * delete); settle again.
   */
  heal(deleteStale: () => string[]): void {
    for (const n of this.nodeNames()) {
      if (this.failed.has(n)) {
        this.failed.delete(n);
        this.run(`sim node recover ${n}`);
      }
    }
    for (const img of IMAGES) this.run(`sim image ${img} --behaviour ok`);
    for (const node of this.cluster.store.list('Node')) {
      const n = node.metadata.name;
      const bad = [...(this.sick.get(n) ?? [])].sort();
      if (bad.length > 0) this.run(`sim node condition ${n} ${bad.map((c) => `${c}=${c === 'Ready' ? 'True' : 'False'}`).join(' ')}`);
      this.sick.delete(n);
      for (const t of node.spec.taints ?? []) {
        if (t.effect === 'NoExecute' && !t.key.startsWith('node.kubernetes.io/')) this.run(`kubectl taint nodes ${n} ${t.key}:NoExecute-`);
      }
    }
    this.run('sim settle --timeout=2h');
    const stale = deleteStale();
    if (stale.length > 0) {
      this.run(`kubectl delete pod ${stale.join(' ')} --wait=false`);
      this.run('sim settle --timeout=2h');
    }
  }
}
