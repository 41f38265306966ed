/**
 * `kubectl get --raw URI`: kubectl `pkg/cmd/get/get.go` (`GetOptions.Complete` and `Validate` for
 * `Raw`, then `Run`'s `rawhttp.RawGet`): the body the API server answers a GET of URI with,
 * written to stdout byte for byte (raw-server.ts says what the playground's server answers).
 *
 * - Complete refuses resource arguments; Validate refuses `-w`, `--watch-only` and `-l` (flags
 *   that filter the request or change the output), then `-o`, then a URI `url.ParseRequestURI`
 *   rejects (raw-uri.ts), then `--output-watch-events` without a watch. Every other get flag
 *   (`-n`, `-A`, `-f`, `--field-selector`, `--sort-by`, `--server-print`, ...) is ignored.
 * - An error status comes back as `Request.Stream`'s error: the Status the server sent
 *   (`Error from server (NotFound): pods "x" not found`), or for a path without a route the
 *   generic 404 (`the server could not find the requested resource`), through `CheckErr`.
 */
import type { VerbContext } from '../context.js';
import { flagBool, flagString, type ParsedFlags } from '../flags.js';
import { fail, ok, type ExecResult } from '../result.js';
import { checkErr } from './check-err.js';
import { serveGet } from './raw-server.js';
import { parseRawUri } from './raw-uri.js';

/** Validate's error for `--output-watch-events` without `--watch` or `--watch-only`. */
export const WATCH_EVENTS_WITHOUT_WATCH = 'error: --output-watch-events option can only be used with --watch or --watch-only';

/** Complete, Validate and Run of `kubectl get` when `--raw` is not empty. */
export function getRaw(ctx: VerbContext, flags: ParsedFlags, raw: string): ExecResult {
  if (flags.args.length > 0) return fail('error: arguments may not be passed when --raw is specified');
  if (flagBool(flags, 'watch') || flagBool(flags, 'watch-only') || (flagString(flags, 'selector') ?? '') !== '') {
    return fail('error: --raw may not be specified with other flags that filter the server request or alter the output');
  }
  if ((flagString(flags, 'output') ?? '') !== '') return fail('error: --raw and --output are mutually exclusive');
  const req = parseRawUri(raw);
  if ('error' in req) return fail(`error: ${req.error}`);
  if (flagBool(flags, 'output-watch-events')) return fail(WATCH_EVENTS_WITHOUT_WATCH);
  const answer = serveGet(ctx.cluster.store, req);
  if ('body' in answer) return ok(answer.body);
  if ('refused' in answer) return fail(answer.refused);
  return { exitCode: 1, stdout: '', stderr: checkErr([{ status: answer.status }]) };
}
