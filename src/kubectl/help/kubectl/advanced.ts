/** Help for kubectl's "Advanced Commands": diff, apply, patch, replace, wait. */
import { FLAGS as APPLY_FLAGS } from '../../verbs/apply.js';
import { FLAGS as DIFF_FLAGS } from '../../verbs/diff.js';
import { FLAGS as PATCH_FLAGS } from '../../verbs/patch.js';
import { FLAGS as REPLACE_FLAGS } from '../../verbs/replace.js';
import { FLAGS as WAIT_FLAGS } from '../../verbs/wait.js';
import { fieldManager } from '../flag-docs.js';
import type { CommandHelp } from '../types.js';

export const diff: CommandHelp = {
  short: 'Diff the live version against a would-be applied version',
  summary: 'Diff configurations specified by file name or stdin between the current online configuration, and the configuration as it would be if applied.',
  long: `Shows, as a unified diff of YAML, what kubectl apply of the same manifest would change: the API
    server works the change out without storing it, so defaults and a new generation show too. An
    object that does not exist yet shows whole. The exit status is 0 when nothing would change, 1 when
    something would, and 2 for an error.`,
  examples: `# What would applying the manifest change?
    kubectl diff -f log-agent.yaml

    # The same for the heredoc that follows the command
    kubectl diff -f -`,
  use: 'diff -f FILENAME',
  flags: DIFF_FLAGS,
  flagDocs: {
    concurrency: { usage: 'Accepted for compatibility: the objects are compared one after another.' },
    'field-manager': fieldManager('kubectl-client-side-apply'),
    'show-secrets': { usage: 'Accepted for compatibility: the playground has no Secrets to mask.' },
  },
};

export const apply: CommandHelp = {
  short: 'Apply a configuration to a resource by file name or stdin',
  long: `Makes the cluster match the manifest: an object that does not exist yet is created, one that does
    is patched with the difference between the manifest, what was applied last time (kept in the
    kubectl.kubernetes.io/last-applied-configuration annotation) and what is stored now. A field
    removed from the manifest is removed from the object; fields set by others are kept.

    Changing a DaemonSet's pod template starts a rolling update. A field the API server will not let
    change, such as a DaemonSet's selector, is refused; with --force the object is deleted and created
    anew from the manifest instead.

    With --prune, objects that an earlier apply created but that the manifest no longer lists are
    deleted: those matching -l (or every one, with --all), of the kinds --prune-allowlist names (by
    default pods, DaemonSets and namespaces), in the namespaces the manifest uses. Pruning is an alpha
    feature of kubectl.`,
  examples: `# Create or update what a manifest file describes
    kubectl apply -f log-agent.yaml

    # Apply the heredoc that follows the command
    kubectl apply -f -

    # Ask the API server whether it would accept the change, without making it
    kubectl apply -f log-agent.yaml --dry-run=server

    # Apply the manifest, then delete the DaemonSets labelled tier=agents that it no longer lists
    kubectl apply -f agents.yaml --prune -l tier=agents --prune-allowlist=apps/v1/DaemonSet

    # Change the selector of a DaemonSet: it is deleted and created again
    kubectl apply -f log-agent.yaml --force`,
  use: 'apply -f FILENAME',
  flags: APPLY_FLAGS,
  flagDocs: {
    all: { usage: 'With --prune, consider every object of the allowed kinds, whatever its labels (instead of -l).' },
    cascade: {
      usage: 'For the objects --prune or --force deletes, what happens to what they own: "background" (the default), "foreground" or "orphan".',
    },
    'field-manager': fieldManager('kubectl-client-side-apply'),
    force: {
      usage:
        'When the API server refuses the change as invalid (an immutable field) or conflicting, delete the object and create it from the manifest. Not with --prune or --dry-run=server.',
    },
    'grace-period': { usage: "Seconds the pods deleted by --prune or --force get to shut down; -1 (the default) uses each pod's own." },
    'force-conflicts': { usage: 'Server-side apply only (refused here): take over fields another manager owns.' },
    'openapi-patch': { usage: "Accepted for compatibility: the patch always comes from the playground's schema of the kinds it serves." },
    output: {
      usage:
        'Print the objects instead of a line each: json, yaml, jsonpath=TEMPLATE or go-template=TEMPLATE print them once all are applied (several as a List), name prints TYPE/NAME as each is applied. With --dry-run=client, a new object as it would be sent, an existing one as it is now.',
    },
    overwrite: {
      usage:
        'Let the manifest win where the live object was changed since the last apply (the default). With --overwrite=false such a change is refused as a conflict, and so is any change to the manifest itself.',
    },
    prune: { usage: 'After applying, delete the objects an earlier apply created that the files no longer list; needs -l or --all.' },
    'prune-allowlist': {
      usage: 'A kind --prune may delete, as group/version/Kind (core/v1/Pod, apps/v1/DaemonSet); may be repeated. Without it: pods, DaemonSets and namespaces.',
    },
    recursive: { usage: "Accepted for compatibility: the editor's files are flat, with no directories to recurse into." },
    selector: {
      usage: "Apply only the objects of the files whose labels match, e.g. app=agent, tier!=db or 'env in (prod,staging)'; with --prune, prune only objects that match.",
    },
    'show-managed-fields': { usage: 'Accepted for compatibility: the playground keeps no metadata.managedFields, so the output is the same either way.' },
    subresource: { usage: 'Server-side apply only (refused here): apply to a subresource such as status.' },
    timeout: { usage: 'With --force, how long to wait for the deleted object to be gone before creating it again; 0 (the default) looks only once.' },
    wait: { usage: 'Accepted for compatibility: kubectl apply does not wait for the objects it deletes, with or without it.' },
  },
};

export const patch: CommandHelp = {
  short: 'Update fields of a resource',
  summary: 'Update fields of a resource using strategic merge patch, a JSON merge patch, or a JSON patch.',
  long: `Changes part of an object with a patch given on the command line or in a file (--patch-file). A
    strategic merge patch (the default) merges lists such as containers and tolerations by their names
    or keys; --type merge replaces lists whole (JSON merge patch); --type json applies a list of
    operations (JSON patch).

    With -f, the objects a manifest names are patched in the cluster. With --local, the objects of the
    manifest itself are patched and printed, and the cluster is not asked at all.`,
  examples: `# Let log-agent run on control-plane nodes too
    kubectl patch ds log-agent -p '{"spec":{"template":{"spec":{"tolerations":[{"key":"node-role.kubernetes.io/control-plane","effect":"NoSchedule"}]}}}}'

    # Replace one container's image with a JSON patch
    kubectl patch ds/log-agent --type json -p '[{"op":"replace","path":"/spec/template/spec/containers/0/image","value":"registry.example/log-agent:1.1"}]'

    # Mark a node unschedulable, as cordon does
    kubectl patch node node-1 -p '{"spec":{"unschedulable":true}}'

    # Patch the DaemonSet the manifest names, with the patch kept in a file
    kubectl patch -f log-agent.yaml --patch-file tolerations.yaml

    # Patch the manifest itself, without the cluster, into a new file
    kubectl patch --local -f log-agent.yaml -p '{"spec":{"minReadySeconds":10}}' -o yaml > log-agent-slow.yaml`,
  use: 'patch (-f FILENAME | TYPE NAME) [-p PATCH|--patch-file FILE]',
  flags: PATCH_FLAGS,
  flagDocs: {
    'field-manager': fieldManager('kubectl-patch'),
    filename: { usage: 'A manifest file naming the objects to patch (their kind, name and namespace); "-" reads standard input. May be repeated.' },
    local: { usage: 'Patch the objects of the -f files themselves and print them, without asking the cluster; use with -o yaml.' },
    output: { usage: 'Print each patched object instead of the "patched" line: json, yaml, name, jsonpath=TEMPLATE or go-template=TEMPLATE.' },
    patch: { usage: 'The patch, as JSON or YAML.' },
    'patch-file': { usage: 'An editor file holding the patch, as JSON or YAML (instead of -p).' },
    recursive: { usage: "Accepted for compatibility and changes nothing: the editor's files are flat tabs, with no directory to recurse into." },
    'show-managed-fields': { usage: 'Accepted for compatibility: the playground keeps no managedFields, so the output is the same with or without it.' },
    type: { usage: 'The kind of patch: strategic (the default), merge or json.' },
  },
};

export const replace: CommandHelp = {
  short: 'Replace a resource by file name or stdin',
  long: `Stores each object of the manifest in place of the existing one, whole: a field the manifest
    leaves out is gone afterwards (apply, by contrast, only changes what it manages). The object must
    exist. With --force the object is deleted and created again.`,
  examples: `# Replace the DaemonSet with the manifest in the file
    kubectl replace -f log-agent.yaml

    # Delete it and create it anew, waiting for the old pods to go
    kubectl replace --force -f log-agent.yaml`,
  use: 'replace -f FILENAME',
  flags: REPLACE_FLAGS,
  flagDocs: {
    cascade: { usage: 'With --force, what happens to the objects the deleted one owns: "background" (the default), "foreground" or "orphan".' },
    'field-manager': fieldManager('kubectl-replace'),
    force: { usage: 'Delete the object and create it again instead of replacing it in place.' },
    'grace-period': { usage: "With --force, seconds the deleted pods get to shut down; -1 (the default) uses each pod's own." },
    output: { usage: 'Output format: json, yaml, name or jsonpath=TEMPLATE.' },
    subresource: { usage: 'Refused here: replace the whole object.' },
    timeout: { usage: 'With --force, how long to wait for the old object to be gone; 0 (the default) picks a wait from the grace period.' },
    wait: { usage: 'With --force, wait until the old object is gone before creating the new one.' },
  },
};

export const wait: CommandHelp = {
  short: 'Wait for a specific condition on one or many resources',
  summary: 'Experimental: Wait for a specific condition on one or many resources.',
  long: `Waits until every named object meets the condition, moving the virtual clock while it waits:
    a status condition (--for=condition=Ready), a value at a JSONPath (--for=jsonpath='{.status.numberReady}'=3)
    or its creation or deletion (--for=create, --for=delete). One --timeout covers every object.`,
  examples: `# Until the pod is Ready, for at most two minutes
    kubectl wait pod/log-agent-x7k2p --for=condition=Ready --timeout=2m

    # Until every node of the DaemonSet runs a ready pod
    kubectl wait ds/log-agent --for=jsonpath='{.status.numberReady}'=3

    # Until the pods of the DaemonSet are gone
    kubectl wait pods -l app=log-agent --for=delete

    # Until the pod a manifest describes is Ready
    kubectl wait -f pod.yaml --for=condition=Ready`,
  use: "wait ([-f FILENAME] | resource.group/resource.name | resource.group [(-l label | --all)]) [--for=create|--for=delete|--for condition=available|--for=jsonpath='{}'[=value]]",
  flags: WAIT_FLAGS,
  flagDocs: {
    filename: {
      usage: 'A manifest file whose objects name the live objects to wait for (the rest of the file does not matter); "-" reads standard input. May be repeated.',
    },
    for: {
      usage: "The condition: create, delete, condition=NAME[=VALUE] (VALUE defaults to true, compared without regard to case) or jsonpath='{EXPR}'[=VALUE] (without a value: any value found).",
    },
    output: { usage: 'Print each object that met the condition instead of the message: json, yaml, name, jsonpath=TEMPLATE or go-template=TEMPLATE.' },
    recursive: {
      usage: "Accepted for compatibility (on by default, as in kubectl) and changes nothing: the editor's files are flat tabs, with no directory to recurse into.",
    },
    'show-managed-fields': { usage: 'Accepted for compatibility: the playground keeps no managedFields, so the output is the same with or without it.' },
    timeout: { usage: 'How long to wait, for all the objects together, before giving up; 0 checks once, a negative value waits for a week.' },
  },
};
