/** Help for the kubectl commands no group names ("Other Commands"): version. */
import { VERSION_FLAGS } from '../../verbs/version.js';
import type { CommandHelp } from '../types.js';

export const version: CommandHelp = {
  short: 'Print the client and server version information',
  summary: 'Print the client and server version information for the current context.',
  long: 'The simulated kubectl and API server are the release the cluster\'s kubelets run.',
  examples: `# Both versions
    kubectl version

    # kubectl's own version only
    kubectl version --client`,
  use: 'version',
  flagsInUseLine: true,
  flags: VERSION_FLAGS,
  flagDocs: { client: { usage: "Print kubectl's version only, without asking the server." } },
};
