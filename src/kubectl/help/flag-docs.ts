/**
 * What the flags several commands share mean, in our own words (kubectl's wording is not copied).
 * A command whose flag means something particular says so in its own `flagDocs`.
 */
import type { FlagDoc } from './types.js';

const FIELD_MANAGER = 'The manager name the API server records for the fields this command writes.';

/** `--field-manager` of a command whose default manager name kubectl shows (`kubectl-create`). */
export function fieldManager(name: string): FlagDoc {
  return { usage: FIELD_MANAGER, value: name };
}

export const SHARED_FLAG_DOCS: Readonly<Record<string, FlagDoc>> = {
  all: { usage: 'Act on every object of the given type in the namespace, instead of naming them.' },
  'all-namespaces': { usage: 'Look in every namespace instead of only the current one (-n, or default).' },
  'allow-missing-template-keys': {
    usage: 'With -o jsonpath or -o go-template, go on past a key an object lacks (jsonpath prints nothing, go-template <no value>) instead of failing.',
  },
  cascade: {
    usage:
      'What happens to the objects the deleted one owns: "background" (the default) deletes the owner at once and lets the garbage collector remove its pods, "foreground" removes the pods first, "orphan" leaves them running without an owner.',
  },
  'chunk-size': { usage: 'Accepted for compatibility: the playground lists everything in one go.' },
  'dry-run': {
    usage:
      'Try the change without keeping it: "client" only prints what would be sent, "server" lets the API server validate and default it without storing it, "none" (the default) really does it.',
  },
  'field-manager': { usage: FIELD_MANAGER },
  'field-selector': { usage: 'Select objects by field values, e.g. spec.nodeName=node-1 or status.phase!=Running (=, == and != are supported).' },
  filename: { usage: 'A file holding the manifest; "-" reads standard input (a heredoc in a script). May be repeated.' },
  force: { usage: 'Skip the graceful wait: the object is removed at once (with --grace-period=0).' },
  'grace-period': {
    usage: 'Seconds a pod gets to shut down; -1 (the default) uses the pod\'s terminationGracePeriodSeconds, 0 with --force removes it at once.',
  },
  'ignore-not-found': { usage: 'Treat an object that does not exist as success instead of an error.' },
  kustomize: { usage: 'Refused here: kustomizations are not modelled. Write the objects into a manifest and use -f.' },
  namespace: { usage: 'The namespace to work in (default: "default").' },
  'no-headers': { usage: 'Leave out the header line of the table.' },
  output: { usage: 'Output format: json, yaml, name, jsonpath=TEMPLATE or go-template=TEMPLATE.' },
  overwrite: { usage: 'Replace a key that already has a different value; without it such a change is refused.' },
  record: { usage: 'Store the command line in the kubernetes.io/change-cause annotation.', deprecated: true },
  recursive: { usage: "Accepted for compatibility and changes nothing: the editor's files are flat tabs, with no directory to recurse into." },
  'request-timeout': { usage: 'How long a request may take: seconds, or a duration (1s, 2m, 3h). The simulated API server answers at once, so only a watch (get -w) lasts that long, in cluster time.' },
  'save-config': {
    usage: 'Also store the manifest in the kubectl.kubernetes.io/last-applied-configuration annotation, so a later kubectl apply can tell what was removed.',
  },
  'server-side': { usage: 'Refused here: the playground models client-side apply only.' },
  selector: { usage: 'A label selector to pick objects by, e.g. app=agent, tier!=db or \'env in (prod,staging)\'.' },
  'show-managed-fields': { usage: 'Keep metadata.managedFields in json and yaml output (left out by default).' },
  subresource: { usage: 'Act on a subresource of the object instead of the object itself; "status" is the one modelled here.' },
  template: { usage: 'The template for -o jsonpath or -o go-template (the same as writing -o FORMAT=TEMPLATE); alone it means -o go-template.' },
  timeout: { usage: 'How long to wait before giving up; 0 waits as long as it takes. Time here is the cluster\'s virtual clock.' },
  v: { usage: 'Log verbosity. Accepted for compatibility: the playground logs nothing.' },
  validate: {
    usage:
      'How the API server treats unknown or duplicate fields in a manifest: "strict" (the default) rejects them, "warn" accepts them with a warning, "ignore" drops them silently.',
  },
  watch: { usage: 'Keep watching for changes after the first answer.' },
};
