/**
 * The cluster the `sim why` tests explain: node-1 plain, node-2 tainted for GPUs, node-3 too
 * small for the agent's 200m CPU request (so its pod stays Pending), and the agent DaemonSet.
 */
export const WHY_NODES = `sim node add node-1
sim node add node-2 --taints dedicated=gpu:NoSchedule
sim node add node-3 --cpu 100m
`;

export const WHY_AGENT = `kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: agent
        image: registry.example/agent:1.0
        resources:
          requests: {cpu: 200m}
YAML
sim settle
`;
