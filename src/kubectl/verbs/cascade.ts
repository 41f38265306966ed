/**
 * `--cascade` as the commands that delete read it (kubectl `pkg/cmd/delete/delete_flags.go`
 * `parseCascadingFlag`, called by `DeleteFlags.ToOptions`): `background`, `orphan` or
 * `foreground`. The old boolean values still parse (anything `strconv.ParseBool` reads: `true` is
 * background, `false` orphan), with a deprecation warning kubectl prints at once.
 */
import type { DeleteOptions } from '../../sim/apiserver/apiserver.js';
import { parseGoBool, type FlagSpec } from '../flags.js';

/** The deletion propagation policy a `--cascade` value asks for. */
export type Cascade = NonNullable<DeleteOptions['propagationPolicy']>;

const BY_NAME: Readonly<Record<string, Cascade>> = { background: 'Background', orphan: 'Orphan', foreground: 'Foreground' };

/** `parseCascadingFlag`: the policy and the warning to print (or ''), or kubectl's error (with `error: `). */
export function parseCascade(text: string): { readonly cascade: Cascade; readonly warning: string } | { readonly error: string } {
  const asBool = parseGoBool(text);
  if (asBool !== undefined) {
    const instead = asBool ? 'background' : 'orphan';
    return { cascade: BY_NAME[instead]!, warning: `warning: --cascade=${text} is deprecated (boolean value) and can be replaced with --cascade=${instead}.\n` };
  }
  const cascade = Object.prototype.hasOwnProperty.call(BY_NAME, text) ? BY_NAME[text] : undefined;
  if (!cascade) return { error: `error: invalid cascade value (${text}). Must be "background", "foreground", or "orphan"` };
  return { cascade, warning: '' };
}

/** `DeleteFlags.AddFlags`' `--cascade`: `background` by default, and when written bare. */
export const CASCADE_FLAG: FlagSpec = { name: 'cascade', type: 'string', default: 'background', noOptDefault: 'background' };
