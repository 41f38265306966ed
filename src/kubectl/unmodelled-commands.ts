/**
 * The kubectl commands a real kubectl has and this playground does not, each with what to use
 * instead. A learner who types `kubectl edit ds agent` or `kubectl exec -it POD -- sh` from a
 * tutorial would otherwise read `unknown command "edit"` (and a "did you mean wait?"), as if the
 * command did not exist; the playground says it does, why it is not here, and what does the job.
 * `kubectl --help` lists the same commands in their upstream groups (help/kubectl/index.ts); a
 * test checks that every command the groups name is either a verb or here.
 */

/** Why the commands that reach into a container are not here, and what shows a container's life instead. */
export const SIMULATED_CONTAINERS = 'the simulated containers run no processes; "kubectl logs POD" and "kubectl describe pod POD" show what the kubelet did';

/** Each command left out, by name: why, and what does the job here. */
export const UNMODELLED_KUBECTL_COMMANDS: Readonly<Record<string, string>> = {
  attach: SIMULATED_CONTAINERS,
  auth: 'there is no RBAC here: every command runs as the cluster administrator',
  autoscale: 'HorizontalPodAutoscalers are not modelled, and a DaemonSet has no replica count to scale: it runs one pod per eligible node',
  certificate: 'CertificateSigningRequests are not modelled',
  'cluster-info': 'the cluster has no endpoints to list; "kubectl get nodes" shows its machines',
  completion: 'the terminal completes commands, flags and names with Tab',
  config: 'there is one cluster and one context',
  cp: SIMULATED_CONTAINERS,
  debug: SIMULATED_CONTAINERS,
  edit: 'it opens the live object in an editor; open the manifest in the editor pane and apply it ("kubectl apply -f"), or change a field with "kubectl patch" or "kubectl set image"',
  exec: SIMULATED_CONTAINERS,
  expose: 'Services are not modelled: the playground runs DaemonSets, their pods and the nodes under them',
  kustomize: 'kustomizations are not modelled; apply plain manifests with "kubectl apply -f"',
  plugin: 'there are no kubectl plugins here',
  'port-forward': SIMULATED_CONTAINERS,
  proxy: 'the API server is simulated in this page and has no address to proxy',
  top: 'there is no metrics server; "kubectl describe node NAME" shows what its pods request (Allocated resources)',
};

/** The error for `kubectl <command>` when it is one of `UNMODELLED_KUBECTL_COMMANDS`, else undefined. */
export function unmodelledCommand(command: string): string | undefined {
  return Object.hasOwn(UNMODELLED_KUBECTL_COMMANDS, command) ? `error: "kubectl ${command}" is not available in this playground: ${UNMODELLED_KUBECTL_COMMANDS[command]}\n` : undefined;
}
