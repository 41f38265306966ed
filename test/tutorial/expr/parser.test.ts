/**
 * The invariant grammar: precedence, the helpers and their arguments, types checked at parse
 * time, and errors at the offset where they are.
 */
import { describe, expect, it } from 'vitest';
import type { Expr } from '../../../src/tutorial/expr/ast.js';
import { parseExpression } from '../../../src/tutorial/expr/parser.js';

function ok(text: string): Expr {
  const e = parseExpression(text);
  if ('error' in e) throw new Error(`${text}: ${e.error} at ${e.at}`);
  return e;
}

function err(text: string): { error: string; at: number } {
  const e = parseExpression(text);
  if (!('error' in e)) throw new Error(`${text} parsed`);
  return e;
}

describe('parseExpression', () => {
  it('binds ! tighter than &&, && tighter than ||', () => {
    const e = ok('!node(a).ready || node(b).ready && node(c).unschedulable');
    expect(e.op).toBe('||');
    if (e.op !== '||') return;
    expect(e.left.op).toBe('!');
    expect(e.right.op).toBe('&&');
  });

  it('reads every helper of docs/lesson-format.md with its arguments', () => {
    const e = ok(
      "ds(log-agent, kube-system).status.numberUnavailable <= 1 && pods(app=x, node=node-1, image=r.example/x:1.1, ns=kube-system).count == 1 && readyPods(app=netd, ns=kube-system, node=node-3).count >= 1 && terminating(app=x).count == 0 && maxPerNode(app=x, includeTerminating) <= 1 && nodesWithMoreThanOne(app=x) <= 1 && nodesWithoutReady(app=x, [node-1, node-2]) == 0 && nodesRunning(app=x, image=a:1) <= 1 && pod(web-3).nodeName != \"node-3\" && 'tier in (a,b)' == 'tier in (a,b)'",
    );
    const calls: unknown[] = [];
    const walk = (x: Expr): void => {
      if (x.op === 'call') calls.push(x.call);
      else if (x.op === '!') walk(x.arg);
      else if (x.op !== 'literal') (walk(x.left), walk(x.right));
    };
    walk(e);
    expect(calls).toMatchObject([
      { helper: 'ds', name: 'log-agent', namespace: 'kube-system', field: 'numberUnavailable' },
      { helper: 'pods', query: { node: 'node-1', image: 'r.example/x:1.1', selector: { text: 'app=x', namespace: 'kube-system' } } },
      { helper: 'readyPods', query: { node: 'node-3', selector: { namespace: 'kube-system' } } },
      { helper: 'terminating', query: { selector: { text: 'app=x', namespace: 'default' } } },
      { helper: 'maxPerNode', includeTerminating: true },
      { helper: 'nodesWithMoreThanOne' },
      { helper: 'nodesWithoutReady', nodes: ['node-1', 'node-2'] },
      { helper: 'nodesRunning', query: { image: 'a:1' } },
      { helper: 'pod', name: 'web-3', namespace: 'default', field: 'nodeName' },
    ]);
  });

  it('takes a quoted selector with commas, and parentheses inside selectors', () => {
    expect(ok("pods('app=x,tier=web').count == 2")).toMatchObject({ left: { call: { query: { selector: { text: 'app=x,tier=web' } } } } });
    expect(ok('pods(tier in (a,b)).count == 2')).toMatchObject({ left: { call: { query: { selector: { text: 'tier in (a,b)' } } } } });
  });

  it('checks types when parsing', () => {
    expect(err('ds(a).status.numberReady == "3"')).toEqual({ error: '== compares a number with a string', at: 25 });
    expect(err('pod(a).nodeName < "b"')).toEqual({ error: '< compares numbers, not strings', at: 16 });
    expect(err('ds(a).status.numberReady')).toEqual({ error: 'the expression is a number; an invariant must be true or false (compare it: ... == ..., ... <= ...)', at: 0 });
    expect(err('1 == 1 && 2')).toEqual({ error: '&& needs true or false on each side, not a number', at: 10 });
  });

  it('names the offset of each mistake', () => {
    expect(err('ds(a).status.numberReadyy == 3')).toEqual({ error: expect.stringContaining('ds(...) must be followed by .status.FIELD'), at: 25 });
    expect(err('podz(app=x).count == 1')).toEqual({ error: expect.stringContaining('unknown helper "podz"'), at: 0 });
    expect(err('pods(app=x).count == 1 &&')).toEqual({ error: 'the expression ends early: expected a value', at: 25 });
    expect(err('pods(app=x.count == 1')).toEqual({ error: 'expected ")" to close the helper call', at: 4 });
    expect(err('pods(app:x).count == 1')).toMatchObject({ error: expect.stringContaining('selector "app:x"'), at: 5 });
    expect(err('nodesRunning(app=x) == 1')).toEqual({ error: 'nodesRunning(...) needs image=IMAGE', at: 0 });
    expect(err('maxPerNode(app=x, everything) == 1')).toEqual({ error: 'maxPerNode(...) does not know "everything"', at: 0 });
    expect(err('1 == 1 extra')).toEqual({ error: 'unexpected "extra": expected &&, || or the end', at: 7 });
  });
});
