/**
 * The human-readable output of `kubectl get` (default and `-o wide`): `GetOptions.Run`'s loop
 * over results (a new table, after a blank line, whenever the kind changes) and the table
 * printer's decorations (`printWithNamespace`, `printWithKind`, `--show-labels`, `-L`,
 * `--no-headers`). Rows keep the API server's list order (by namespace and name, as etcd and the
 * watch cache return them), events included: `GetOptions.Run` sorts only when `--sort-by` is given,
 * and an event's name is `<involvedObject.name>.<%x of the UnixNano timestamp>`, so one object's events
 * come out oldest first but different objects' events are grouped by name, not interleaved by time
 * (kubernetes/kubernetes#29838).
 */
import type { ApiObject } from '../../sim/api/types.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import { formatTable } from '../format/tabwriter.js';
import { formatLabels } from '../print/go-format.js';
import { tableFor } from '../print/tables/index.js';
import { OBJECT_META_TABLE } from '../print/tables/object-meta.js';
import type { FetchedGroup } from './get-fetch.js';

export interface TableFlags {
  readonly wide: boolean;
  readonly noHeaders: boolean;
  readonly showLabels: boolean;
  readonly labelColumns: readonly string[];
  readonly allNamespaces: boolean;
  /** Prefix names with `kind.group/` (several kinds listed, or `--show-kind`). */
  readonly withKind: boolean;
  readonly now: number;
  /**
   * `--server-print` (the default): the server's Table of each kind. Without it kubectl prints
   * NAME and AGE itself (OBJECT_META_TABLE), one table per run of one kind, lists included.
   */
  readonly serverPrint: boolean;
}

/** The table of one group of same-kind objects (empty string for no objects). */
function renderGroup(group: FetchedGroup, f: TableFlags): string {
  if (group.objects.length === 0) return '';
  const t = tableOf(group.info.kind, group.info.namespaced, f);
  return formatTable([...(f.noHeaders ? [] : [t.header]), ...group.objects.map((o) => t.row(o, f.now))]);
}

/** The cells of a table of one kind under these flags: its header, and the row of an object as it reads at `now`. */
export interface TableCells {
  readonly header: readonly string[];
  row(obj: ApiObject, now: number): string[];
}

/**
 * The server's Table of `kind` (or kubectl's NAME and AGE one) as `decorateTable` and the human
 * readable printer's options make it: NAMESPACE first under -A, `kind.group/` names, `-L` and
 * `--show-labels` columns last.
 */
export function tableOf(kind: ApiObject['kind'], namespaced: boolean, f: Omit<TableFlags, 'now' | 'noHeaders'>): TableCells {
  const def = f.serverPrint ? tableFor(kind) : OBJECT_META_TABLE;
  const headers = [...(f.wide ? def.wideColumns : def.columns)];
  const nameAt = headers.indexOf('NAME');
  const withNs = f.allNamespaces && namespaced;
  const labelHeaders = f.labelColumns.map((l) => l.split('/').pop()!.toUpperCase());
  return {
    header: [...(withNs ? ['NAMESPACE'] : []), ...headers, ...labelHeaders, ...(f.showLabels ? ['LABELS'] : [])],
    row(obj, now) {
      const cells = def.row(obj, { wide: f.wide, now });
      if (f.withKind && nameAt >= 0) cells[nameAt] = `${kubectlKindPrefix(obj.kind)}/${cells[nameAt]}`;
      const labels = obj.metadata.labels ?? {};
      return [
        ...(withNs ? [obj.metadata.namespace ?? ''] : []),
        ...cells,
        ...f.labelColumns.map((l) => labels[l] ?? ''),
        ...(f.showLabels ? [formatLabels(labels)] : []),
      ];
    },
  };
}

/** Every group, consecutive named objects of one kind (any of one kind without --server-print) sharing a table, tables apart by a blank line. */
export function renderTables(groups: readonly FetchedGroup[], f: TableFlags): string {
  const merged: FetchedGroup[] = [];
  for (const g of groups) {
    const last = merged[merged.length - 1];
    if (last && ((!last.list && !g.list) || !f.serverPrint) && last.info.kind === g.info.kind) {
      merged[merged.length - 1] = { ...last, objects: [...last.objects, ...g.objects] };
    } else merged.push(g);
  }
  let out = '';
  let separator = false;
  merged.forEach((g, i) => {
    if (i > 0 && !f.noHeaders && out.length > 0) separator = true;
    const text = renderGroup(g, f);
    if (text.length === 0) return;
    if (separator) out += '\n';
    separator = false;
    out += text;
  });
  return out;
}
