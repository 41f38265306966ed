# Three nodes, and a DaemonSet that puts one log agent on each.
sim node add node-{1..3} --labels pool=general
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: log-agent
spec:
  selector:
    matchLabels: {app: log-agent}
  template:
    metadata:
      labels: {app: log-agent}
    spec:
      containers:
      - name: agent
        image: fluent/fluent-bit:3.0
YAML
sim settle
