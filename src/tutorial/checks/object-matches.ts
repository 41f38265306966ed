/**
 * `objectMatches`: kubectl-style JSONPath over one object, compared as the text
 * `kubectl get KIND NAME -o jsonpath=...` would print: `equals` a string, one of `in`, or
 * `matches` a regex. Every assertion of `all:` must hold. The object is `KIND/NAME`, or the
 * first non-terminating pod (by name) matching `{kind: Pod, selector, node}`.
 */
import type { ApiObject } from '../../sim/api/types.js';
import { executeJsonPath, parseJsonPath, type CompiledJsonPath } from '../../kubectl/format/jsonpath.js';
import { sortKeysDeep } from '../../kubectl/print/object-output.js';
import { isTerminating, selectPods } from '../cluster-query.js';
import { MapReader } from '../yaml-reader.js';
import type { CheckContext } from './types.js';
import { describeRef, readNamespace, readObjectRef, type ObjectRef } from './fields.js';
import { compileRegex } from './regex.js';
import { notYet, PASS, type CheckBase, type CheckKind } from './types.js';
import { listWords, quoteValue } from './words.js';

export interface JsonPathAssertion {
  readonly jsonpath: CompiledJsonPath;
  readonly equals?: string;
  readonly in?: readonly string[];
  readonly matches?: RegExp;
}

export interface ObjectMatchesSpec extends CheckBase {
  readonly kind: 'objectMatches';
  readonly object: ObjectRef;
  readonly all: readonly JsonPathAssertion[];
}

export const objectMatches: CheckKind<ObjectMatchesSpec> = {
  kind: 'objectMatches',
  graded: true,
  parse(r, base) {
    const object = readObjectRef(r, readNamespace(r));
    const items = r.list('all', true) ?? [];
    if (r.has('all') && items.length === 0) r.src.error(r.node, `${r.what}: "all" lists no assertion`);
    const all: JsonPathAssertion[] = [];
    items.forEach((item, i) => {
      const a = MapReader.of(r.src, item, `${r.what}: all[${i}]`);
      if (!a) return;
      const parsed = readAssertion(a);
      a.done(['jsonpath', 'equals', 'in', 'matches']);
      if (parsed) all.push(parsed);
    });
    if (!object || all.length !== items.length) return undefined;
    return { ...base, kind: 'objectMatches', object, all };
  },
  evaluate(spec, ctx) {
    const what = describeRef(spec.object);
    const obj = fetch(spec.object, ctx);
    if (!obj) return notYet(`${what} does not exist yet`);
    const data = sortKeysDeep(obj);
    for (const a of spec.all) {
      const out = executeJsonPath(a.jsonpath, data);
      const field = fieldWords(a.jsonpath.template);
      if (typeof out !== 'string') return notYet(`${what}: ${field} cannot be read: ${out.error}`);
      const ok = a.equals !== undefined ? out === a.equals : a.in ? a.in.includes(out) : a.matches!.test(out);
      if (!ok) return notYet(`${what}: ${field} is ${quoteValue(out)}, should be ${wanted(a)}`);
    }
    return PASS;
  },
  describe(spec) {
    return `${describeRef(spec.object)}: ${listWords(spec.all.map((a) => `${fieldWords(a.jsonpath.template)} ${wanted(a)}`), spec.all.length)}`;
  },
};

/** A JSONPath template as the field path a learner reads: `{.spec.minReadySeconds}` -> `spec.minReadySeconds`. */
function fieldWords(template: string): string {
  const m = /^\{\.?([^{}]*)\}$/.exec(template);
  return m ? m[1]! : template;
}

/** What an assertion wants: `"OnDelete"`, `unset or "false"`, `of the expected form`. */
function wanted(a: JsonPathAssertion): string {
  if (a.equals !== undefined) return quoteValue(a.equals);
  if (a.in) return listWords(a.in.map(quoteValue), a.in.length, 'or');
  return 'of the expected form';
}

function readAssertion(a: MapReader): JsonPathAssertion | undefined {
  const path = a.string('jsonpath', true);
  const equals = a.string('equals');
  const inList = a.has('in') ? a.strings('in') : undefined;
  const matches = a.string('matches');
  const regex = matches ? compileRegex(a, matches.value, matches.node, 'matches') : undefined;
  const given = [equals, inList, matches].filter((x) => x !== undefined).length;
  if (given !== 1) a.src.error(a.node, `${a.what}: give exactly one of equals, in, matches`);
  if (!path) return undefined;
  const compiled = parseJsonPath(path.value);
  if ('error' in compiled) {
    a.src.error(path.node, `${a.what}: error parsing jsonpath ${path.value}, ${compiled.error}`);
    return undefined;
  }
  if (given !== 1 || regex === null) return undefined;
  return { jsonpath: compiled, ...(equals ? { equals: equals.value } : {}), ...(inList ? { in: inList.map((s) => s.value) } : {}), ...(regex ? { matches: regex } : {}) };
}

function fetch(ref: ObjectRef, { cluster }: Pick<CheckContext, 'cluster'>): ApiObject | undefined {
  if ('pods' in ref) return selectPods(cluster.store, ref.pods, ref.node).filter((p) => !isTerminating(p)).sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))[0];
  return cluster.store.get(ref.kind, ref.namespace, ref.name);
}
