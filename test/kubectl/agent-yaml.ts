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
