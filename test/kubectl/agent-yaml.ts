import { exec } from '../../src/kubectl/exec.js';
import { createCluster, type Cluster } from '../../src/sim/index.js';

/**
 * The small DaemonSet the kubectl tests apply: `agent` in the default namespace, one container
 * `container` (`a` unless named) running `image`, in flow style so that a test's here-document
 * stays short.
 */
export function agentYaml(image = 'registry.example/agent:1', container = 'a'): string {
  return `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: ${container}, image: "${image}"}]
`;
}

/**
 * A cluster (seed 1) with `nodes` added (`node-1 node-2`) and `manifest` applied at the same
 * instant, then settled unless `settle` is false (its pods not made yet: the nodes are not ready).
 */
export function appliedOn(nodes: string, manifest: string = agentYaml(), settle = true): Cluster {
  const c = createCluster({ seed: 1 });
  exec(c, `sim node add ${nodes}`);
  exec(c, 'kubectl apply -f -', manifest);
  if (settle) exec(c, 'sim settle');
  return c;
}
