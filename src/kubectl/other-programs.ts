/**
 * The terminal runs `kubectl` and `sim`, `cat` and `echo` (and the filters after a pipe). A line
 * that starts with another program, or pipes into one, gets bash's `command not found`, and for
 * the programs people reach for most around kubectl, what does their job here: a learner who
 * types `watch kubectl get pods`, `vim ds.yaml` or `kubectl get pods -o json | jq ...` learns
 * where time, files and fields are in the playground, not just that it is not bash.
 */

const FILES = 'the files are the editor\'s tabs: "New file" makes one, "cat NAME" prints one, and "kubectl apply -f NAME" reads one';
const CLUSTER = 'the cluster is simulated: "sim node add NAME" adds a machine, "New cluster" starts again';

/** Programs by name: what does their job here. */
const INSTEAD: Readonly<Record<string, string>> = {
  watch: 'time moves only when you move it: "sim advance 30s", "sim step" or Play; then run the command again',
  k: 'type kubectl in full: this terminal has no aliases',
  helm: 'Helm charts are not modelled; apply the manifests themselves with "kubectl apply -f"',
  curl: 'this playground has no network',
  wget: 'this playground has no network',
  vi: FILES,
  vim: FILES,
  nano: FILES,
  ls: FILES,
  minikube: CLUSTER,
  kind: CLUSTER,
  kubeadm: CLUSTER,
  awk: 'kubectl picks columns itself: -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName',
  jq: 'kubectl picks fields itself: -o jsonpath=\'{.items[*].metadata.name}\'',
  less: 'the terminal scrolls back; head and tail cut a long output',
  more: 'the terminal scrolls back; head and tail cut a long output',
  xargs: 'kubectl takes many names at once, and braces expand: kubectl cordon node-{1..3}',
};

/** What does `program`'s job here, as a line of its own after `command not found`, or nothing. */
export function instead(program: string): string {
  return Object.hasOwn(INSTEAD, program) ? `${INSTEAD[program]}\n` : '';
}

/** bash's `command not found` for a program this terminal does not run, then what to use instead. */
export function programNotFound(program: string): string {
  return `${program}: command not found (this terminal runs kubectl and sim commands, cat and echo; "help" lists them)\n${instead(program)}`;
}
