/**
 * Evaluates a parsed invariant expression against the cluster as it is now.
 *
 * One `ExprState` is made per recorded state (after each engine pass) and shared by every
 * invariant evaluated at that state: the pods a selector matches, and their grouping by node,
 * are computed once per state from the store's indexes (pods by node when a helper names a node),
 * however many helpers and invariants ask. A missing object reads as null: `pod(x).nodeName`
 * of a pod that does not exist is null, `==` anything is false and `!=` anything is true;
 * numbers of a missing DaemonSet are null, and any comparison with them is false.
 */
import type { Pod } from '../../sim/api/types.js';
import type { Store } from '../../sim/store/store.js';
import { byNode, firstImage, isNodeReady, isPodReady, isPodTerminal, isTerminating, selectPods } from '../cluster-query.js';
import { dsStatusValue } from '../ds-status.js';
import type { Call, Expr, PodQuery } from './ast.js';
import { callWords } from './words.js';

export type Value = number | string | boolean | null;

export class ExprState {
  private readonly matched = new Map<string, Pod[]>();
  private readonly grouped = new Map<string, Map<string, Pod[]>>();

  constructor(readonly store: Store) {}

  /** Every pod (terminating too) the query's selector matches, on its node if it names one. */
  pods(q: PodQuery): Pod[] {
    const key = `${q.selector.namespace}\u0000${q.selector.text}\u0000${q.node ?? ''}`;
    let pods = this.matched.get(key);
    if (!pods) this.matched.set(key, (pods = selectPods(this.store, q.selector, q.node)));
    return pods;
  }

  /** Non-terminating matching pods by node (terminating ones too with `withTerminating`). */
  perNode(q: PodQuery, withTerminating: boolean): Map<string, Pod[]> {
    const key = `${q.selector.namespace}\u0000${q.selector.text}\u0000${withTerminating}`;
    let map = this.grouped.get(key);
    if (!map) {
      const all = this.pods({ selector: q.selector });
      // includeTerminating: a pod being deleted still occupies its node until it is terminal.
      this.grouped.set(key, (map = byNode(all.filter((p) => !isTerminating(p) || (withTerminating && !isPodTerminal(p))))));
    }
    return map;
  }
}

export function evaluate(e: Expr, s: ExprState): Value {
  switch (e.op) {
    case 'literal':
      return e.value;
    case 'call':
      return callValue(e.call, s);
    case '!':
      return !evaluate(e.arg, s);
    case '&&':
      return evaluate(e.left, s) === true && evaluate(e.right, s) === true;
    case '||':
      return evaluate(e.left, s) === true || evaluate(e.right, s) === true;
    default: {
      const l = evaluate(e.left, s);
      const r = evaluate(e.right, s);
      if (e.op === '==') return l !== null && l === r;
      if (e.op === '!=') return l === null || r === null || l !== r;
      if (typeof l !== 'number' || typeof r !== 'number') return false;
      return e.op === '<' ? l < r : e.op === '<=' ? l <= r : e.op === '>' ? l > r : l >= r;
    }
  }
}

/** Every helper call in the expression with its value, in words: what a failure message shows. */
export function explain(e: Expr, s: ExprState): string[] {
  const out: string[] = [];
  const walk = (x: Expr): void => {
    if (x.op === 'call') out.push(callWords(x.call, callValue(x.call, s)));
    else if (x.op === '!') walk(x.arg);
    else if (x.op !== 'literal') {
      walk(x.left);
      walk(x.right);
    }
  };
  walk(e);
  return [...new Set(out)];
}

export function callValue(c: Call, s: ExprState): Value {
  switch (c.helper) {
    case 'ds': {
      const ds = s.store.get('DaemonSet', c.namespace, c.name);
      return ds ? dsStatusValue(ds, c.field) : null;
    }
    case 'node': {
      const node = s.store.get('Node', '', c.name);
      if (!node) return null;
      return c.field === 'ready' ? isNodeReady(node) : node.spec.unschedulable === true;
    }
    case 'pod':
      return s.store.get('Pod', c.namespace, c.name)?.spec.nodeName ?? null;
    case 'pods':
      return s.pods(c.query).filter((p) => !isTerminating(p) && (c.query.image === undefined || firstImage(p) === c.query.image)).length;
    case 'readyPods':
      return s.pods(c.query).filter((p) => !isTerminating(p) && isPodReady(p)).length;
    case 'terminating':
      return s.pods(c.query).filter(isTerminating).length;
    case 'maxPerNode': {
      let max = 0;
      for (const pods of s.perNode(c.query, c.includeTerminating).values()) max = Math.max(max, pods.length);
      return max;
    }
    case 'nodesWithMoreThanOne': {
      let n = 0;
      for (const pods of s.perNode(c.query, false).values()) if (pods.length > 1) n++;
      return n;
    }
    case 'nodesWithoutReady': {
      const per = s.perNode(c.query, false);
      const nodes = c.nodes ?? s.store.list('Node').map((n) => n.metadata.name);
      return nodes.filter((n) => !(per.get(n) ?? []).some(isPodReady)).length;
    }
    case 'nodesRunning': {
      let n = 0;
      for (const pods of s.perNode(c.query, false).values()) if (pods.some((p) => firstImage(p) === c.query.image)) n++;
      return n;
    }
  }
}
