/**
 * `kubectl --help`: kubectl's command groups (`NewKubectlCommand` in kubectl `pkg/cmd/cmd.go`)
 * listing the verbs this playground has, and the help entry of each verb. A verb added to
 * KUBECTL_VERBS needs an entry in `commands` (the completeness test says so); the groups already
 * name every upstream command, so it lands in its upstream group.
 */
import { GLOBAL_FLAGS } from '../../flags.js';
import type { ProgramHelp } from '../types.js';
import { apply, diff, patch, replace, wait } from './advanced.js';
import { create, del, explain, get, run, set } from './basic.js';
import { cordon, drain, taint, uncordon } from './cluster.js';
import { rollout, scale } from './deploy.js';
import { apiResources, version } from './other.js';
import { annotate, label } from './settings.js';
import { describe, events, logs } from './troubleshooting.js';

export const KUBECTL_HELP: ProgramHelp = {
  name: 'kubectl',
  use: 'kubectl [flags] [options]',
  intro: 'kubectl controls the Kubernetes cluster manager.\n\n Find more information at: https://kubernetes.io/docs/reference/kubectl/',
  groups: [
    { message: 'Basic Commands (Beginner):', commands: ['create', 'expose', 'run', 'set'] },
    { message: 'Basic Commands (Intermediate):', commands: ['explain', 'get', 'edit', 'delete'] },
    { message: 'Deploy Commands:', commands: ['rollout', 'scale', 'autoscale'] },
    { message: 'Cluster Management Commands:', commands: ['certificate', 'cluster-info', 'top', 'cordon', 'uncordon', 'drain', 'taint'] },
    {
      message: 'Troubleshooting and Debugging Commands:',
      commands: ['describe', 'logs', 'attach', 'exec', 'port-forward', 'proxy', 'cp', 'auth', 'debug', 'events'],
    },
    { message: 'Advanced Commands:', commands: ['diff', 'apply', 'patch', 'replace', 'wait', 'kustomize'] },
    { message: 'Settings Commands:', commands: ['label', 'annotate', 'completion'] },
  ],
  otherMessage: 'Other Commands:',
  commands: {
    annotate,
    'api-resources': apiResources,
    apply,
    cordon,
    create,
    delete: del,
    describe,
    diff,
    drain,
    events,
    explain,
    get,
    label,
    logs,
    patch,
    replace,
    rollout,
    run,
    scale,
    set,
    taint,
    uncordon,
    version,
    wait,
  },
  globalFlags: GLOBAL_FLAGS,
};
