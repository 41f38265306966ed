/**
 * The helpers of the invariant language (docs/lesson-format.md, Invariants), read from the text
 * after the helper's name: `(`, raw arguments separated by top-level commas, `)`, then the `.field` path.
 *
 *   ds(NAME[, NS]).status.FIELD                           number (a DaemonSet status field)
 *   pods(SEL[, node=X][, image=I][, ns=NS]).count         number (non-terminating pods)
 *   readyPods(SEL[, node=X][, ns=NS]).count               number (non-terminating, Ready)
 *   terminating(SEL[, node=X][, ns=NS]).count             number (with a deletionTimestamp)
 *   maxPerNode(SEL[, includeTerminating][, ns=NS])        number
 *   nodesWithMoreThanOne(SEL[, ns=NS])                    number
 *   nodesWithoutReady(SEL[, [N1, N2, ...]][, ns=NS])      number (all nodes when no list)
 *   nodesRunning(SEL, image=I[, ns=NS])                   number
 *   node(NAME).unschedulable | node(NAME).ready           boolean
 *   pod(NAME[, NS]).nodeName                              string
 *
 * SEL is a kubectl -l selector; quote it ('a=b,c=d') when it holds a comma outside parentheses.
 */
import { podSelector } from '../cluster-query.js';
import { DS_STATUS_FIELDS, isDsStatusField } from '../ds-status.js';
import { DEFAULT_NAMESPACE } from '../checks/fields.js';
import type { Call, ExprError, PodQuery, ValueType } from './ast.js';

interface Arg {
  readonly text: string;
  readonly at: number;
}

export const HELPERS = ['ds', 'pods', 'readyPods', 'terminating', 'maxPerNode', 'nodesWithMoreThanOne', 'nodesWithoutReady', 'nodesRunning', 'node', 'pod'] as const;

/** Reads `(args).path` after a helper name that ends at `pos`. */
export function parseCall(name: string, text: string, at: number, pos: number): { call: Call; type: ValueType; end: number } | ExprError {
  if (!(HELPERS as readonly string[]).includes(name)) return { error: `unknown helper "${name}"; the helpers are ${HELPERS.join(', ')}`, at };
  while (/\s/.test(text[pos] ?? '')) pos++;
  if (text[pos] !== '(') return { error: `expected "(" after ${name}`, at: pos };
  const args = scanArgs(text, pos + 1);
  if ('error' in args) return args;
  const path: string[] = [];
  let end = args.end;
  for (let m = /^\.([A-Za-z]+)/.exec(text.slice(end)); m; m = /^\.([A-Za-z]+)/.exec(text.slice(end))) {
    path.push(m[1]!);
    end += m[0].length;
  }
  const built = build(name as (typeof HELPERS)[number], args.args, path, at, end);
  return 'error' in built ? built : { ...built, end };
}

/** Arguments up to the matching `)`: split at commas outside quotes, brackets and parentheses. */
function scanArgs(text: string, start: number): { args: Arg[]; end: number } | ExprError {
  const args: Arg[] = [];
  let depth = 0;
  let quote = '';
  let from = start;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === ',' || c === ')') {
      if (depth === 0) {
        const raw = text.slice(from, i);
        const lead = raw.length - raw.trimStart().length;
        if (raw.trim() !== '' || c === ',' || args.length > 0) args.push({ text: unquote(raw.trim()), at: from + lead });
        from = i + 1;
        if (c === ')') return { args, end: i + 1 };
      }
    }
  }
  return { error: quote ? 'unterminated string' : 'expected ")" to close the helper call', at: start - 1 };
}

function unquote(s: string): string {
  return s.length >= 2 && (s[0] === '"' || s[0] === "'") && s.endsWith(s[0]) ? s.slice(1, -1) : s;
}

type Built = { call: Call; type: ValueType } | ExprError;

function build(name: (typeof HELPERS)[number], args: Arg[], path: string[], at: number, end: number): Built {
  const wantPath = (want: readonly string[][], fix: string): ExprError | undefined =>
    want.some((w) => w.join('.') === path.join('.')) ? undefined : { error: `${name}(...) must be followed by ${fix}`, at: end };
  const named = new Map<string, Arg>();
  const flags = new Set<string>();
  let nodeList: string[] | undefined;
  const positional: Arg[] = [];
  for (const a of args) {
    if (a.text === '') return { error: 'empty argument', at: a.at };
    const kv = /^(node|image|ns)=(.+)$/.exec(a.text);
    if (positional.length > 0 && kv) named.set(kv[1]!, { text: kv[2]!.trim(), at: a.at });
    else if (positional.length > 0 && a.text.startsWith('[')) {
      if (!a.text.endsWith(']')) return { error: 'a node list ends with "]"', at: a.at };
      nodeList = a.text.slice(1, -1).split(',').map((s) => s.trim()).filter((s) => s !== '');
    } else if (positional.length > 0 && /^[A-Za-z]+$/.test(a.text) && name !== 'ds' && name !== 'pod') flags.add(a.text);
    else positional.push(a);
  }
  const first = positional[0];
  if (!first) return { error: `${name}(...) needs ${name === 'ds' || name === 'pod' || name === 'node' ? 'a name' : 'a selector'}`, at };
  const extra = (allowed: { pos: number; named: readonly string[]; flags: readonly string[]; list?: boolean }): ExprError | undefined => {
    if (positional.length > allowed.pos) return { error: `${name}(...) takes ${allowed.pos} positional argument${allowed.pos > 1 ? 's' : ''}`, at: positional[allowed.pos]!.at };
    for (const [k, a] of named) if (!allowed.named.includes(k)) return { error: `${name}(...) takes no ${k}=`, at: a.at };
    for (const f of flags) if (!allowed.flags.includes(f)) return { error: `${name}(...) does not know "${f}"`, at };
    if (nodeList && !allowed.list) return { error: `${name}(...) takes no node list`, at };
    return undefined;
  };
  const ns = (pos?: Arg): string => named.get('ns')?.text ?? pos?.text ?? DEFAULT_NAMESPACE;

  if (name === 'ds') {
    const bad = extra({ pos: 2, named: ['ns'], flags: [] });
    if (bad) return bad;
    const field = path[1];
    if (path.length !== 2 || path[0] !== 'status' || field === undefined || !isDsStatusField(field)) {
      return { error: `ds(...) must be followed by .status.FIELD, one of ${DS_STATUS_FIELDS.join(', ')}`, at: end };
    }
    return { call: { helper: 'ds', name: first.text, namespace: ns(positional[1]), field }, type: 'number' };
  }
  if (name === 'node') {
    const bad = extra({ pos: 1, named: [], flags: [] }) ?? wantPath([['unschedulable'], ['ready']], '.unschedulable or .ready');
    if (bad) return bad;
    return { call: { helper: 'node', name: first.text, field: path[0] as 'unschedulable' | 'ready' }, type: 'boolean' };
  }
  if (name === 'pod') {
    const bad = extra({ pos: 2, named: ['ns'], flags: [] }) ?? wantPath([['nodeName']], '.nodeName');
    if (bad) return bad;
    return { call: { helper: 'pod', name: first.text, namespace: ns(positional[1]), field: 'nodeName' }, type: 'string' };
  }

  const sel = podSelector(first.text, ns());
  if ('error' in sel) return { error: `selector "${first.text}": ${sel.error}`, at: first.at };
  const node = named.get('node')?.text;
  const image = named.get('image')?.text;
  const query: PodQuery = { selector: sel, ...(node ? { node } : {}), ...(image ? { image } : {}) };
  switch (name) {
    case 'pods':
    case 'readyPods':
    case 'terminating': {
      const bad = extra({ pos: 1, named: name === 'pods' ? ['node', 'image', 'ns'] : ['node', 'ns'], flags: [] }) ?? wantPath([['count']], '.count');
      return bad ?? { call: { helper: name, query }, type: 'number' };
    }
    case 'maxPerNode': {
      const bad = extra({ pos: 1, named: ['ns'], flags: ['includeTerminating'] }) ?? wantPath([[]], 'nothing (it is a number)');
      return bad ?? { call: { helper: name, query, includeTerminating: flags.has('includeTerminating') }, type: 'number' };
    }
    case 'nodesWithMoreThanOne': {
      const bad = extra({ pos: 1, named: ['ns'], flags: [] }) ?? wantPath([[]], 'nothing (it is a number)');
      return bad ?? { call: { helper: name, query }, type: 'number' };
    }
    case 'nodesWithoutReady': {
      const bad = extra({ pos: 1, named: ['ns'], flags: [], list: true }) ?? wantPath([[]], 'nothing (it is a number)');
      return bad ?? { call: { helper: name, query, ...(nodeList ? { nodes: nodeList } : {}) }, type: 'number' };
    }
    case 'nodesRunning': {
      const bad = extra({ pos: 1, named: ['image', 'ns'], flags: [] }) ?? wantPath([[]], 'nothing (it is a number)');
      if (bad) return bad;
      if (!image) return { error: 'nodesRunning(...) needs image=IMAGE', at };
      return { call: { helper: name, query }, type: 'number' };
    }
  }
}
