/**
 * `kubectl get --watch` and `--watch-only` (get.go `GetOptions.watch`): the objects as they are
 * (not under `--watch-only`), then every change the API server's watch sends about them, each
 * printed as it happens, by one printer throughout. A table's header comes once, with the first
 * row printed, and its columns keep the widest width they have had (the tab writer's
 * RememberWidths), so rows printed later may stand out of line as on a real terminal; `-o yaml`
 * documents are apart by `---`; `--output-watch-events` puts each change's type before its
 * object (an EVENT column, or a compact `{"type":...,"object":...}`).
 *
 * Which changes: those the watch cache lets through the list's selectors (`convertToWatchEvent`):
 * an object that comes to match is ADDED, one that stops matching is DELETED (as it was), a
 * watch of one named object sees that object only.
 *
 * How long it lasts: watch-clock.ts.
 */
import type { ApiObject, Kind } from '../../sim/api/types.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import { StreamedTable } from '../format/tabwriter.js';
import { customColumnsRow, type CustomColumn } from '../print/custom-columns.js';
import { sortKeysDeep, toJson, toYaml } from '../print/object-output.js';
import type { ExecResult, OutputChunk } from '../result.js';
import { goJsonInOrder } from '../apply/json.js';
import { renderGeneric, type OutputFormat } from './get-output.js';
import { tableOf, type TableFlags } from './get-table.js';
import { watchWhileTimeRuns } from './watch-clock.js';

/** A watch event's type (`watch.EventType`). */
type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** `formatEventType`: the EVENT column's cell, padded to one width. */
const EVENT_CELL: Record<EventType, string> = { ADDED: 'ADDED   ', MODIFIED: 'MODIFIED', DELETED: 'DELETED ' };

export interface WatchRequest {
  readonly kind: Kind;
  readonly namespaced: boolean;
  /** The objects the builder found, printed first unless `watchOnly`. */
  readonly initial: readonly ApiObject[];
  /** Whether an object is one the watch reports on: the list's namespace and selectors, or the named object. */
  readonly matches: (obj: ApiObject) => boolean;
  readonly output: OutputFormat;
  readonly table: Omit<TableFlags, 'now'>;
  readonly watchOnly: boolean;
  /** `--output-watch-events`. */
  readonly watchEvents: boolean;
  /** `--request-timeout` in milliseconds; 0 when not given. */
  readonly timeoutMs: number;
  /** What `Result.Watch` answers once the objects are printed, when it cannot watch them. */
  readonly watchError?: string;
  /** Complete's warnings (a `--sort-by` it ignores). */
  readonly warnings: string;
}

/** One printer for the whole watch, as `watch` keeps one: `print` an object (an error, or undefined), `flush` the tab writer. */
interface StreamPrinter {
  print(obj: ApiObject, type: EventType): string | undefined;
  flush(): void;
  text(): string;
}

/** A printer over one streamed table (a header before the first row unless --no-headers), flushed as the watch flushes. */
function tabbed(table: StreamedTable, row: (obj: ApiObject, type: EventType) => string[] | { error: string }): StreamPrinter {
  return {
    print(obj, type) {
      const cells = row(obj, type);
      if (!Array.isArray(cells)) return cells.error;
      table.row(cells);
      return undefined;
    },
    flush: () => table.flush(),
    text: () => table.output,
  };
}

/** The server's table of the kind, EVENT first with watch events. */
function tablePrinter(w: WatchRequest, now: () => number): StreamPrinter {
  const f = w.output.kind === 'table' ? { ...w.table, wide: w.output.wide } : w.table;
  const table = tableOf(w.kind, w.namespaced, f);
  const events = (first: string): string[] => (w.watchEvents ? [first] : []);
  return tabbed(new StreamedTable([...events('EVENT'), ...table.header], w.table.noHeaders), (obj, type) => [...events(EVENT_CELL[type]), ...table.row(obj, now())]);
}

/**
 * The custom-columns printer: its header once (the type printed stays the same), then a row per
 * object; with watch events the columns' paths read the event itself.
 */
function customColumnsPrinter(w: WatchRequest, columns: readonly CustomColumn[]): StreamPrinter {
  const table = new StreamedTable(columns.map((c) => c.header), w.table.noHeaders);
  return tabbed(table, (obj, type) => customColumnsRow(columns, w.watchEvents ? { type, object: obj } : obj));
}

/** The generic printers, object by object: YAML documents apart by `---`, watch events as cli-runtime's printers write them. */
function genericPrinter(w: WatchRequest, format: Exclude<OutputFormat, { kind: 'table' | 'custom-columns' }>): StreamPrinter {
  let out = '';
  let count = 0;
  return {
    print(obj, type) {
      // What the printer is given: the object, or the watch event around it (its JSON: {type, object}).
      const given = (): unknown => (w.watchEvents ? { type, object: sortKeysDeep(obj) } : obj);
      switch (format.kind) {
        case 'json':
          out += w.watchEvents ? `${goJsonInOrder(given())}\n` : toJson(obj);
          return undefined;
        case 'yaml':
          out += `${count++ > 0 ? '---\n' : ''}${toYaml(given())}`;
          return undefined;
        case 'name':
          out += `${kubectlKindPrefix(obj.kind)}/${obj.metadata.name}\n`;
          return undefined;
        default: {
          const r = renderGeneric(format, [given() as ApiObject], true, false);
          out += r.stdout;
          return r.error;
        }
      }
    },
    flush: () => undefined,
    text: () => out,
  };
}

/** The watch: the objects, then the changes while virtual time runs, then the playground's word on why it stopped. */
export function watchGet(ctx: VerbContext, w: WatchRequest): ExecResult {
  const cluster = ctx.cluster;
  const printer =
    w.output.kind === 'table' ? tablePrinter(w, () => cluster.now) : w.output.kind === 'custom-columns' ? customColumnsPrinter(w, w.output.columns) : genericPrinter(w, w.output);
  if (!w.watchOnly) {
    for (const obj of w.initial) {
      const error = printer.print(obj, 'ADDED');
      if (error) return { exitCode: 1, stdout: printer.text(), stderr: `${w.warnings}error: unable to output the provided object: ${error}\n` };
    }
    printer.flush();
  }
  if (w.watchError) return { exitCode: 1, stdout: printer.text(), stderr: `${w.warnings}${w.watchError}\n` };
  // A printer's error ends the watch (UntilWithoutRetry returns it, and watch drops it).
  let failed = false;
  const note = watchWhileTimeRuns(cluster, {
    watch: {
      kind: w.kind,
      observe: (change) => {
        if (failed) return;
        const type = eventType(change.type, change.type === 'updated' && w.matches(change.old), w.matches(change.obj));
        if (type === undefined) return;
        const shown = type === 'DELETED' && change.type === 'updated' ? change.old : change.obj;
        if (printer.print(shown, type) !== undefined) failed = true;
        printer.flush();
      },
    },
    timeoutMs: w.timeoutMs,
    what: 'watch',
  });
  const stdout = printer.text();
  if (!w.warnings) return { exitCode: 0, stdout, stderr: note };
  // Complete's warning comes before anything the watch prints.
  const output: OutputChunk[] = [{ stream: 'stderr', text: w.warnings }, ...(stdout ? [{ stream: 'stdout' as const, text: stdout }] : []), ...(note ? [{ stream: 'stderr' as const, text: note }] : [])];
  return { exitCode: 0, stdout, stderr: w.warnings + note, output };
}

/**
 * The event a watch through the selectors sends for a change (`convertToWatchEvent`): whether the
 * object matched before (an update's old object) and matches now. Undefined: nothing is sent.
 */
function eventType(change: 'added' | 'updated' | 'removed', oldPasses: boolean, curPasses: boolean): EventType | undefined {
  if (change === 'added') return curPasses ? 'ADDED' : undefined;
  if (change === 'removed') return curPasses ? 'DELETED' : undefined;
  if (curPasses) return oldPasses ? 'MODIFIED' : 'ADDED';
  return oldPasses ? 'DELETED' : undefined;
}
