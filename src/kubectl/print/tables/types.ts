/**
 * The shape of a `kubectl get` table printer: the column definitions and row function that
 * `pkg/printers/internalversion/printers.go` registers per kind (`TableHandler(columns, print*)`).
 */
import type { ApiObject } from '../../../sim/api/types.js';

export interface RowOptions {
  /** `-o wide`: also the Priority 1 columns. */
  readonly wide: boolean;
  /** Virtual now (ms), for AGE cells. */
  readonly now: number;
}

export interface TableDef<T extends ApiObject = ApiObject> {
  /**
   * Headers as printed (upper case). The `NAME` column (upstream `Format: "name"`) is the one
   * that gets the `daemonset.apps/` prefix when several kinds are printed.
   */
  readonly columns: readonly string[];
  /** Every header of `-o wide`, in order (the Priority 1 columns included). */
  readonly wideColumns: readonly string[];
  /** The cells of one object, matching `columns`, or `wideColumns` when `wide`. */
  row(obj: T, opts: RowOptions): string[];
}
