/** A small real cluster for tests: nodes, and the agent DaemonSet of fixture.ts, settled. */
import { exec } from '../../src/kubectl/exec.js';
import { createCluster } from '../../src/sim/index.js';
import type { Cluster } from '../../src/sim/engine/cluster.js';
import { AGENT } from './fixture.js';

export function run(cluster: Cluster, line: string, stdin?: string): void {
  const r = exec(cluster, line, stdin);
  if (r.exitCode !== 0) throw new Error(`${line}: ${r.stderr}`);
}

/** `nodes` nodes, the agent on each of them, Ready. */
export function agentCluster(nodes = 3): Cluster {
  const c = createCluster();
  for (let i = 1; i <= nodes; i++) run(c, `sim node add node-${i}`);
  run(c, 'sim settle');
  run(c, 'kubectl apply -f -', AGENT);
  run(c, 'sim settle');
  return c;
}
