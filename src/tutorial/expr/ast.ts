/**
 * The invariant expression language's parsed form (grammar: docs/lesson-format.md). Every node
 * keeps `at`, its offset in the expression text, for positioned errors, and `type`, checked when
 * parsing so a lesson never fails at run time on `"a" < 3`.
 */
import type { PodSelector } from '../cluster-query.js';
import type { DsStatusField } from '../ds-status.js';

export type ValueType = 'number' | 'string' | 'boolean';

/** A helper call with what it reads (the selector helpers share `query`). */
export type Call =
  | { readonly helper: 'ds'; readonly name: string; readonly namespace: string; readonly field: DsStatusField }
  | { readonly helper: 'pods' | 'readyPods' | 'terminating'; readonly query: PodQuery }
  | { readonly helper: 'maxPerNode'; readonly query: PodQuery; readonly includeTerminating: boolean }
  | { readonly helper: 'nodesWithMoreThanOne'; readonly query: PodQuery }
  | { readonly helper: 'nodesWithoutReady'; readonly query: PodQuery; readonly nodes?: readonly string[] }
  | { readonly helper: 'nodesRunning'; readonly query: PodQuery }
  | { readonly helper: 'node'; readonly name: string; readonly field: 'unschedulable' | 'ready' }
  | { readonly helper: 'pod'; readonly name: string; readonly namespace: string; readonly field: 'nodeName' };

export interface PodQuery {
  readonly selector: PodSelector;
  readonly node?: string;
  readonly image?: string;
}

export type Expr =
  | { readonly op: 'literal'; readonly at: number; readonly type: ValueType; readonly value: number | string | boolean }
  | { readonly op: 'call'; readonly at: number; readonly type: ValueType; readonly call: Call; readonly text: string }
  | { readonly op: '!'; readonly at: number; readonly type: 'boolean'; readonly arg: Expr }
  | { readonly op: '&&' | '||'; readonly at: number; readonly type: 'boolean'; readonly left: Expr; readonly right: Expr }
  | { readonly op: CompareOp; readonly at: number; readonly type: 'boolean'; readonly left: Expr; readonly right: Expr };

export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

export interface ExprError {
  readonly error: string;
  /** Offset in the expression text. */
  readonly at: number;
}
