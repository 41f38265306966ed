/**
 * The scrubbed hour of `rewind5000`, shared by the Node bench (bench-rewind.ts, which adds the
 * heap and CPU figures) and the browser bench's page (bench-browser-page.ts): a 5,000-node fleet
 * built and settled through a `Timeline` with the default checkpoint store (the one the page's
 * scrubber keeps), an hour in which the image changes every five virtual minutes and time moves
 * a minute per command, as a learner pressing Play would move it, then `rewindTo` a few moments
 * of that hour and back to the newest. Both runtimes time it with their global `performance`.
 */
import { exec } from '../kubectl/exec.js';
import { SparseCheckpoints } from '../kubectl/timeline/checkpoints.js';
import { Timeline } from '../kubectl/timeline/timeline.js';
import { createCluster, type Cluster } from '../sim/index.js';
import { agentDaemonSet, round } from './bench-fleet-steps.js';

const MINUTE = 60_000;
/** The moments restored, in minutes into the hour; the last is the newest. */
const MOMENTS = [7.5, 22.5, 37.5, 52.5, 60];

/**
 * The session: the cluster, held apart from its timeline so that dropping the timeline frees
 * everything only it holds (nothing else, not even a stack slot of a caller, points at it).
 */
export interface Session {
  readonly cluster: Cluster;
  timeline: Timeline | undefined;
  /** The timeline's checkpoint store (the default one), held to count what it kept; dropped with it. */
  checkpoints: SparseCheckpoints | undefined;
  /** The cluster's API writes (its resourceVersion) after each command: `writes[k]` after the first k. */
  readonly writes: number[];
}

/** The session after its hour, the virtual time the hour started, and the wall milliseconds of the build and of the hour. */
export interface PlayedHour {
  readonly session: Session;
  readonly hour: number;
  readonly buildMs: number;
  readonly hourMs: number;
}

/** Each moment rewound to (minutes into the hour, or `newest`) with its wall milliseconds and the commands it replayed. */
export interface Rewinds {
  readonly restoreMs: Record<string, number>;
  readonly replayed: Record<string, number>;
  /** The CPU milliseconds of each, when the caller can read its process's CPU time. */
  readonly restoreCpuMs?: Record<string, number>;
}

/** Runs one line that must succeed, logged in the session's timeline. */
function go(s: Session, line: string, stdin?: string): void {
  const r = exec(s.cluster, line, stdin, { timeline: s.timeline });
  if (r.exitCode !== 0) throw new Error(`${line}: ${r.stderr}`);
  s.writes.push(s.cluster.store.resourceVersion);
}

/** Builds the fleet of `nodes` and plays the hour (`rollouts` image changes, five virtual minutes apart). */
export function playHour(nodes: number, rollouts = 12): PlayedHour {
  const cluster = createCluster({ seed: 1 });
  const checkpoints = new SparseCheckpoints();
  const session: Session = { cluster, timeline: new Timeline(cluster, checkpoints), checkpoints, writes: [cluster.store.resourceVersion] };
  const t0 = performance.now();
  go(session, `sim node add node-{1..${nodes}}`);
  go(session, 'sim settle');
  go(session, 'kubectl apply -f -', agentDaemonSet('agent', '{maxSurge: 10%, maxUnavailable: 0}'));
  go(session, 'sim settle --timeout=1h');
  const t1 = performance.now();
  const hour = cluster.now;
  for (let rollout = 1; rollout <= rollouts; rollout++) {
    go(session, `kubectl set image daemonset/agent agent=registry.example/agent:1.${rollout}`);
    for (let minute = 0; minute < 5; minute++) go(session, 'sim advance 1m');
  }
  return { session, hour, buildMs: round(t1 - t0), hourMs: round(performance.now() - t1) };
}

/**
 * Rewinds to each moment of the hour that started at `hour`, the newest last, timing each;
 * `cpuMs`, where given, reads the process's CPU milliseconds so far. Throws if a rewind fails or
 * the last does not return to the newest moment.
 */
export function rewindAround(session: Session, hour: number, cpuMs?: () => number): Rewinds {
  const timeline = session.timeline!;
  const head = timeline.entries;
  const restoreMs: Record<string, number> = {};
  const restoreCpuMs: Record<string, number> = {};
  const replayed: Record<string, number> = {};
  for (const at of MOMENTS) {
    const name = at === 60 ? 'newest' : String(at);
    const cpu = cpuMs?.() ?? 0;
    const start = performance.now();
    const r = timeline.rewindTo(hour + at * MINUTE, head);
    restoreMs[name] = round(performance.now() - start);
    if (cpuMs) restoreCpuMs[name] = round(cpuMs() - cpu);
    if ('error' in r) throw new Error(r.error);
    replayed[name] = r.replayed;
  }
  if (timeline.entries.length !== head.length) throw new Error('the last rewind did not return to the newest moment');
  return cpuMs ? { restoreMs, replayed, restoreCpuMs } : { restoreMs, replayed };
}
