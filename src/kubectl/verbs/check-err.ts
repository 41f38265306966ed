/**
 * How kubectl turns the error(s) a command returns into stderr text: `cmdutil.CheckErr`
 * (`checkErr`, `StandardErrorMessage`, `MultipleErrors`) and `cmdutil.AddSourceToErr`.
 *
 * - One error: an Invalid API error prints `The Kind "name" is invalid: ...` from its causes;
 *   another API error prints `Error from server (Reason): message`; anything else `error: ...`.
 * - Several errors (an aggregate, e.g. two documents of one `apply` failing): one line each,
 *   API errors as `Error from server (Reason): message` (Invalid ones too) and others bare.
 */
import type { StatusError } from '../../sim/apiserver/errors.js';
import { invalidError, serverError } from '../result.js';

/**
 * An error a command hands to CheckErr: an API error, or client-side text. `alone` is how
 * CheckErr prints an API error that comes alone when that differs from the usual rendering (an
 * Invalid error without kind and name: `The request is invalid: ...`).
 */
export type CmdError = { readonly status: StatusError; readonly alone?: string } | { readonly message: string };

/** `AddSourceToErr(verb, source, err)`: `error when creating "STDIN": <message>`. */
export function withSource(verb: string, source: string, status: StatusError): StatusError {
  return { ...status, message: `error when ${verb} "${source}": ${status.message}` };
}

/** The stderr text of `CheckErr(err)` (one error) or `CheckErr(NewAggregate(errs))`. */
export function checkErr(errs: readonly CmdError[]): string {
  if (errs.length === 0) return '';
  if (errs.length === 1) {
    const e = errs[0]!;
    if ('status' in e && e.alone !== undefined) return `${e.alone}\n`;
    if ('status' in e) return `${e.status.reason === 'Invalid' && e.status.causes?.length ? invalidError(e.status) : serverError(e.status)}\n`;
    return `${e.message.startsWith('error: ') ? e.message : `error: ${e.message}`}\n`;
  }
  return errs.map((e) => `${'status' in e ? serverError(e.status) : e.message}\n`).join('');
}
