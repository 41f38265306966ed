/** Help for the kubectl commands no group names ("Other Commands"): api-resources, version. */
import { API_RESOURCES_FLAGS } from '../../verbs/api-resources.js';
import { VERSION_FLAGS } from '../../verbs/version.js';
import type { CommandHelp } from '../types.js';

export const apiResources: CommandHelp = {
  short: 'Print the supported API resources on the server',
  long: `Lists the kinds of object the playground's API server serves, with the names and short names kubectl
    accepts for them (pods or po, daemonsets or ds), their API group and version, and whether they live
    in a namespace. Anything else (Deployments, Services, ConfigMaps) is not modelled here.`,
  examples: `# Every resource the playground serves
    kubectl api-resources

    # With the verbs and categories of each
    kubectl api-resources -o wide

    # Only those that live in a namespace
    kubectl api-resources --namespaced=true

    # Only the apps group
    kubectl api-resources --api-group=apps

    # The list itself, as discovery describes each resource
    kubectl api-resources -o yaml`,
  use: 'api-resources',
  flagsInUseLine: true,
  flags: API_RESOURCES_FLAGS,
  flagDocs: {
    'api-group': { usage: 'Only the resources of this API group ("" is the core group).' },
    cached: { usage: "Use kubectl's cached discovery if there is one. The playground keeps no cache, so the list is the same either way." },
    categories: { usage: 'Only the resources in all of these categories, e.g. all.' },
    namespaced: { usage: 'With true, only the resources that live in a namespace; with false, only the cluster-wide ones. Without it, both.' },
    output: { usage: 'Output format: wide (adds the verbs and categories), name, or json or yaml (the APIResourceList itself).' },
    'show-managed-fields': { usage: 'Accepted for compatibility: a resource list has no managedFields, so -o json and -o yaml print the same with or without it.' },
    'sort-by': { usage: 'Sort by name or kind instead of by API group.' },
    verbs: { usage: 'Only the resources that support all of these verbs, e.g. list,watch.' },
  },
};

export const version: CommandHelp = {
  short: 'Print the client and server version information',
  summary: 'Print the client and server version information for the current context.',
  long: 'The simulated kubectl and API server are the release the cluster\'s kubelets run.',
  examples: `# Both versions
    kubectl version

    # kubectl's own version only
    kubectl version --client

    # Every detail of both builds, as JSON
    kubectl version -o json`,
  use: 'version',
  flagsInUseLine: true,
  flags: VERSION_FLAGS,
  flagDocs: {
    client: { usage: "Print kubectl's version only, without asking the server." },
    output: { usage: 'Print the full build details (commit, build date, Go version, platform) as yaml or json.' },
  },
};
