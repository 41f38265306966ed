/**
 * `kubectl events [-n NS | -A] [--for TYPE/NAME] [--types Normal,Warning] [--no-headers]
 * [-o json|yaml|name|jsonpath=...|go-template=...]` (kubectl v1.34 `pkg/cmd/events/events.go`:
 * `EventsFlags.ToOptions`, `EventsOptions.Validate`, `Run`, `SortableEvents`,
 * `decodeResourceTypeName`; the table is `event_printer.go`'s `EventPrinter`).
 *
 * - Lists the core/v1 Events of the namespace (every namespace with `-A`), with `--for` as the
 *   field selector `involvedObject.kind=<Kind>,involvedObject.name=<name>`; `--types` keeps the
 *   given types (case-insensitive). Positional arguments are accepted and ignored, as upstream.
 * - Sorted by time (`series.lastObservedTime`, else `lastTimestamp`, else `eventTime`) with Go's
 *   unstable `sort.Sort` over the API server's list order (by namespace and name).
 * - Table: `[NAMESPACE] LAST SEEN TYPE REASON OBJECT MESSAGE`; LAST SEEN is `eventInterval`
 *   (`5m (x3 over 10m)` for a repeated event), OBJECT is `<Kind>/<name>` with the kind as the
 *   event names it (`DaemonSet/agent`, not `daemonset/agent` as `kubectl get events` prints).
 * - Nothing found: `No events found in <ns> namespace.` (`No events found.` with `-A`) on stderr.
 * - `--watch` (`runWatch`): every Event there is, in the API server's order (the watch's first
 *   ADDED events), then each one written or counted again as the clock runs (watch-clock.ts),
 *   each printed and flushed alone, so the table's columns only ever widen; deleted Events (their
 *   hour is up) are not printed.
 */
import type { KubeEvent } from '../../sim/api/types.js';
import { RESOURCES, type ResourceInfo } from '../../sim/apiserver/resources.js';
import type { Verb, VerbContext } from '../context.js';
import { ALL_NAMESPACES_FLAG, flagArray, flagBool, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { eventInterval } from '../format/duration.js';
import { eventTime } from '../format/event-time.js';
import { goSort } from '../format/go-sort.js';
import { printGoTemplate } from '../format/go-template.js';
import { executeJsonPath, jsonPathExecuteErrorMessage } from '../format/jsonpath.js';
import { formatTable, StreamedTable } from '../format/tabwriter.js';
import { sortKeysDeep, toJsonInOrder, toYaml } from '../print/object-output.js';
import { typedEvent, typedEventList } from '../print/typed-event.js';
import type { Json } from '../print/typed-meta.js';
import { fail, ok, type ExecResult } from '../result.js';
import {
  GENERIC_FORMATS,
  noCompatiblePrinter,
  parseOutput,
  PRINT_FLAGS,
  TEMPLATE_PRINTER_FORMATS,
  type OutputFormat,
  type OutputOptions,
} from './get-output.js';
import { noResourceType } from './resource-args.js';
import { parseRequestTimeout, watchWhileTimeRuns } from './watch-clock.js';

export const FLAGS: readonly FlagSpec[] = [
  ALL_NAMESPACES_FLAG,
  { name: 'for', type: 'string' },
  { name: 'types', type: 'stringArray' },
  { name: 'no-headers', type: 'bool' },
  { name: 'watch', short: 'w', type: 'bool' },
  { name: 'chunk-size', type: 'int', default: '500' },
  ...PRINT_FLAGS,
];

type EventsOutput = { readonly kind: 'table' } | { readonly kind: 'json' | 'yaml' | 'name' } | Extract<OutputFormat, { kind: 'jsonpath' | 'go-template' }>;

/**
 * The RESTMapper lookup of `decodeResourceTypeName` (`ResourceFor` through the shortcut
 * expander): a short name exactly as registered, or a plural / singular resource name in any case.
 * `daemonsets.apps` is not a resource name here, so it does not resolve.
 */
function resourceFor(text: string): ResourceInfo | undefined {
  const lower = text.toLowerCase();
  return RESOURCES.find((r) => r.shortNames.includes(text)) ?? RESOURCES.find((r) => r.resource === lower || r.singular === lower);
}

/** `--for TYPE/NAME`: the involved object's kind and name, or kubectl's error (without `error: `). */
function decodeFor(text: string): { kind: string; name: string } | { error: string } {
  if (!text.includes('/')) return { error: '--for must be in resource/name form' };
  const seg = text.split('/');
  if (seg.length !== 2) return { error: 'arguments in resource/name form may not have more than one slash' };
  const info = resourceFor(seg[0]!);
  if (!info) return { error: noResourceType(seg[0]!) };
  return { kind: info.kind, name: seg[1]! };
}

/** `-o`: the printers `PrintFlags.ToPrinter` offers kubectl events (no table variants, no custom columns). */
function parseEventsOutput(o: string, opts: OutputOptions): EventsOutput | { error: string } {
  if (o === 'json' || o === 'yaml' || o === 'name') return { kind: o };
  const format = o.split('=')[0]!;
  if (TEMPLATE_PRINTER_FORMATS.has(format)) {
    // get's parser has the template flag rules and errors.
    const parsed = parseOutput(o, { ...opts, allowed: GENERIC_FORMATS });
    if ('error' in parsed || parsed.kind === 'jsonpath' || parsed.kind === 'go-template') return parsed;
  }
  if (GENERIC_FORMATS.split(',').includes(format)) {
    return { error: `-o ${format} is not supported in this playground; use -o jsonpath=... or -o go-template=...` };
  }
  return { error: noCompatiblePrinter(o) };
}

/** cli-runtime `printers.EscapeTerminal`. */
function escapeTerminal(s: string): string {
  return s.replace(/\x1b/g, '^[').replace(/\r/g, '\\r');
}

/** `EventPrinter`'s header. */
function eventHeader(allNamespaces: boolean): string[] {
  return [...(allNamespaces ? ['NAMESPACE'] : []), 'LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'];
}

/** `EventPrinter.printOneEvent`: one row's cells, LAST SEEN as of `now`. */
function eventRow(e: KubeEvent, allNamespaces: boolean, now: number): string[] {
  const object = `${escapeTerminal(e.involvedObject.kind)}/${escapeTerminal(e.involvedObject.name)}`;
  return [...(allNamespaces ? [e.metadata.namespace ?? ''] : []), eventInterval(e, now), escapeTerminal(e.type), escapeTerminal(e.reason), object, escapeTerminal(e.message.trim())];
}

/** `EventPrinter.PrintObj` over the sorted list. */
function eventTable(events: readonly KubeEvent[], noHeaders: boolean, allNamespaces: boolean, now: number): string {
  return formatTable([...(noHeaders ? [] : [eventHeader(allNamespaces)]), ...events.map((e) => eventRow(e, allNamespaces, now))]);
}

/**
 * The generic printers over typed core/v1 Events: the list (an `EventList`), or under a watch one
 * Event (`one`); the text and the printer's error, if any.
 */
function printGeneric(output: Exclude<EventsOutput, { kind: 'table' }>, events: readonly KubeEvent[], one: boolean): { readonly stdout: string; readonly error?: string } {
  const typed = (): Json => (one ? typedEvent(events[0]!) : typedEventList(events));
  switch (output.kind) {
    case 'json':
      return { stdout: toJsonInOrder(typed()) };
    case 'yaml':
      return { stdout: toYaml(typed()) };
    case 'name':
      return { stdout: events.map((e) => `event/${e.metadata.name}\n`).join('') };
    case 'jsonpath': {
      const data = sortKeysDeep(typed());
      const out = executeJsonPath(output.path, data, { allowMissingKeys: output.allowMissingKeys });
      return typeof out === 'string' ? { stdout: out } : { stdout: '', error: jsonPathExecuteErrorMessage(output.path.template, out.error, data) };
    }
    case 'go-template':
      return printGoTemplate(output.template, sortKeysDeep(typed()), output.allowMissingKeys);
  }
}

/**
 * `runWatch`: the Events there are, then those written as the clock runs, each through the one
 * printer and flushed alone (one tab writer: the header once, columns that only widen; YAML
 * documents apart by `---`). A printer's error ends the watch, as UntilWithoutRetry returns it.
 */
function watchEvents(ctx: VerbContext, output: EventsOutput, o: { readonly selected: (e: KubeEvent) => boolean; readonly allNamespaces: boolean; readonly noHeaders: boolean; readonly timeoutMs: number; readonly existing: readonly KubeEvent[] }): ExecResult {
  const cluster = ctx.cluster;
  const table = new StreamedTable(eventHeader(o.allNamespaces), o.noHeaders);
  let out = '';
  let printed = 0;
  let failed = false;
  const print = (e: KubeEvent): void => {
    if (failed || !o.selected(e)) return;
    if (output.kind === 'table') {
      table.row(eventRow(e, o.allNamespaces, cluster.now));
      table.flush();
      return;
    }
    const r = printGeneric(output, [e], true);
    out += `${output.kind === 'yaml' && printed++ > 0 ? '---\n' : ''}${r.stdout}`;
    if (r.error !== undefined) failed = true;
  };
  o.existing.forEach(print);
  const note = watchWhileTimeRuns(cluster, {
    watch: { kind: 'Event', observe: (change) => change.type !== 'removed' && print(change.obj as KubeEvent) },
    timeoutMs: o.timeoutMs,
    what: 'watch',
  });
  return { exitCode: 0, stdout: output.kind === 'table' ? table.output : out, stderr: note };
}

export const events: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, FLAGS, 'events');
  if ('error' in flags) return fail(flags.error);
  const chunk = flagString(flags, 'chunk-size') ?? '500';
  if (!/^[+-]?\d+$/.test(chunk)) {
    return fail(`error: invalid argument "${chunk}" for "--chunk-size" flag: strconv.ParseInt: parsing "${chunk}": invalid syntax\nSee 'kubectl events --help' for usage.`);
  }
  // ToOptions: --for, then the printer; Validate: --types.
  const forText = flagString(flags, 'for') ?? '';
  const target = forText ? decodeFor(forText) : undefined;
  if (target && 'error' in target) return fail(target.error);
  const outputText = flagString(flags, 'output') ?? '';
  const printerFlags: OutputOptions = {
    template: flagString(flags, 'template'),
    allowMissingKeys: flagBool(flags, 'allow-missing-template-keys'),
    readFile: ctx.readFile,
  };
  const output = outputText ? parseEventsOutput(outputText, printerFlags) : { kind: 'table' as const };
  if ('error' in output) return fail(output.error);
  const types = flagArray(flags, 'types').flatMap((t) => t.split(',')).filter((t) => t !== '');
  if (types.some((t) => !['normal', 'warning'].includes(t.toLowerCase()))) return fail('error: valid --types are Normal or Warning');
  const timeout = parseRequestTimeout(flagString(flags, 'request-timeout') ?? '0');
  if (typeof timeout !== 'number') return fail(timeout.error);

  const allNamespaces = flagBool(flags, 'all-namespaces');
  const namespace = flagString(flags, 'namespace') || 'default';
  // The list's (or watch's) field selector on the involved object, then filteredEventType.
  const selected = (e: KubeEvent): boolean => {
    if (!allNamespaces && e.metadata.namespace !== namespace) return false;
    if (target && target.name !== '' && (e.involvedObject.kind !== target.kind || e.involvedObject.name !== target.name)) return false;
    return types.length === 0 || types.some((t) => t.toLowerCase() === e.type.toLowerCase());
  };
  const existing = ctx.cluster.store.list('Event', allNamespaces ? undefined : namespace);
  if (flagBool(flags, 'watch')) return watchEvents(ctx, output, { selected, allNamespaces, noHeaders: flagBool(flags, 'no-headers'), timeoutMs: timeout, existing });
  const listed = existing.filter(selected);
  if (listed.length === 0) return ok('', allNamespaces ? 'No events found.\n' : `No events found in ${namespace} namespace.\n`);
  const sorted = goSort(listed, (a, b) => eventTime(a) < eventTime(b));

  if (output.kind === 'table') return ok(eventTable(sorted, flagBool(flags, 'no-headers'), allNamespaces, ctx.cluster.now));
  const r = printGeneric(output, sorted, false);
  return r.error === undefined ? ok(r.stdout) : { exitCode: 1, stdout: r.stdout, stderr: `error: ${r.error}\n` };
};
