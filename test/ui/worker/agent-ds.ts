/**
 * The small DaemonSet the worker and page tests run: `agent` (image agent:1) on every node, as a
 * file's text and as the `kubectl apply` of it from a heredoc the terminal takes.
 */
export const AGENT_DS = `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: agent, image: agent:1}]
`;

/** `kubectl apply -f -` of AGENT_DS, stdin in a heredoc. */
export const APPLY_AGENT = `kubectl apply -f - <<EOF\n${AGENT_DS}EOF`;
