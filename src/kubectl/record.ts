/**
 * kubectl's `--record` flag (genericclioptions `RecordFlags.ToRecorder`, `ChangeCauseRecorder`,
 * `NoopRecorder`, `parseCommandArguments`): the command line is stored in the
 * `kubernetes.io/change-cause` annotation of the object it changes, which a DaemonSet copies
 * into the ControllerRevision it creates and `kubectl rollout history` shows.
 *
 * - `--record` (or `--record=true`): the annotation is set.
 * - flag absent, or `--record=false`: nothing is recorded, and an existing annotation is left as
 *   it is. (The flag's help text promises to update an existing annotation when the flag is not
 *   set; `ToRecorder` returns the no-op recorder, and that is what kubectl does.)
 * The recorded text is `kubectl`, the positional arguments (the command path included), then
 * every flag in command-line order as ` --long-name=value` (so `-f x` becomes `--filename=x`).
 * The flag is deprecated: using it prints cobra's deprecation notice on stderr.
 */
import type { ApiObject } from '../sim/api/types.js';
import type { FlagSpec, ParsedFlags } from './flags.js';
import { CHANGE_CAUSE } from './print/history.js';

export const RECORD_FLAG: FlagSpec = { name: 'record', type: 'bool' };

/** What cobra prints when a deprecated flag is used. */
export const RECORD_DEPRECATED = 'Flag --record has been deprecated, --record will be removed in the future\n';

export interface Recorder {
  /** The object with the change-cause annotation as this command records it. */
  record<T extends ApiObject>(obj: T): T;
  /** The deprecation notice when the flag was given, else ''. */
  readonly warning: string;
}

/** The recorder for a command: `commandPath` is the verb and subcommands (`['set', 'image']`). */
export function recorderFor(commandPath: readonly string[], flags: ParsedFlags): Recorder {
  const given = flags.visited.some(([name]) => name === 'record');
  const recording = flags.values.get('record') === true;
  const cause = ['kubectl', ...commandPath, ...flags.args].join(' ') + flags.visited.map(([name, value]) => ` --${name}=${value}`).join('');
  return {
    warning: given ? RECORD_DEPRECATED : '',
    record<T extends ApiObject>(obj: T): T {
      if (!recording) return obj;
      return { ...obj, metadata: { ...obj.metadata, annotations: { ...obj.metadata.annotations, [CHANGE_CAUSE]: cause } } };
    },
  };
}
