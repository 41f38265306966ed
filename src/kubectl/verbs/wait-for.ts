/**
 * What `kubectl wait --for` asks for (kubectl 1.32 `pkg/cmd/wait`): `conditionFuncFor` parses
 * the flag; `ConditionalWait.checkCondition` and `JSONPathWait.checkCondition` judge one state
 * of an object. How long to wait, and what each wait prints, is wait.ts.
 *
 * - `delete` and `create` are matched without regard to case; the `condition=` and `jsonpath=`
 *   prefixes are not (`--for=Condition=Ready` is an unrecognized condition). No `--for` at all
 *   is `unrecognized condition: ""`: kubectl has no separate message for it.
 * - `condition=NAME[=VALUE]` (VALUE defaults to `true`): the first status condition whose type
 *   is NAME decides, its status compared with VALUE without regard to case; a condition (or a
 *   status) that observed an older generation than the object's is not met yet.
 * - `jsonpath=EXPR[=VALUE]`: EXPR is relaxed as `-o custom-columns` relaxes it and read with
 *   missing keys allowed. Without VALUE any value found meets it (an empty string or `false`
 *   too); with VALUE the single value found, printed as Go's `%v` prints it, must equal it
 *   (both trimmed). A map or list to compare, or several values, is an error, not a miss.
 */
import type { ApiObject } from '../../sim/api/types.js';
import { isMap } from '../apply/json.js';
import { findJsonPathResults, parseJsonPath, type CompiledJsonPath } from '../format/jsonpath.js';
import { goFmtV } from '../format/go-value.js';
import { relaxedJsonPath } from '../print/custom-columns.js';

/** A judgement of one state of an object: met or not yet, or the error that ends the wait on it. */
export type StateCheck = (obj: ApiObject) => boolean | { readonly error: string };

/** What `--for` waits for: the object's deletion, its creation, or a state `check` accepts. */
export type WaitFor = { readonly kind: 'delete' } | { readonly kind: 'create' } | { readonly kind: 'state'; readonly check: StateCheck };

const JSONPATH_FORMAT = "jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'";
const JSONPATH_VALUE = "jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3";

/** `conditionFuncFor`: what `--for` asks, or kubectl's error (without `error: `). */
export function conditionFuncFor(spec: string): WaitFor | { error: string } {
  const lower = spec.toLowerCase();
  if (lower === 'delete') return { kind: 'delete' };
  if (lower === 'create') return { kind: 'create' };
  if (spec.startsWith('condition=')) {
    const body = spec.slice('condition='.length);
    const eq = body.indexOf('=');
    return { kind: 'state', check: conditionCheck(eq < 0 ? body : body.slice(0, eq), eq < 0 ? 'true' : body.slice(eq + 1)) };
  }
  if (spec.startsWith('jsonpath=')) {
    const input = processJsonPathInput(spec.slice('jsonpath='.length));
    if ('error' in input) return input;
    if (input.expression === '') return { error: 'jsonpath expression cannot be empty' };
    const compiled = parseJsonPath(input.expression);
    if ('error' in compiled) return compiled;
    return { kind: 'state', check: jsonPathCheck(compiled, input.value) };
  }
  return { error: `unrecognized condition: "${spec}"` };
}

/** `ConditionalWait.checkCondition`: the first condition of type `name` decides. */
function conditionCheck(name: string, want: string): StateCheck {
  return (obj) => {
    const status: unknown = (obj as { status?: unknown }).status;
    const conditions = isMap(status) ? status['conditions'] : undefined;
    if (!Array.isArray(conditions)) return false;
    for (const c of conditions) {
      if (!isMap(c) || typeof c['type'] !== 'string' || !equalFold(c['type'], name) || typeof c['status'] !== 'string') continue;
      const generation: unknown = (obj.metadata as { generation?: unknown }).generation;
      if (isInt(generation)) {
        // getObservedGeneration: the condition's own, else the status's.
        const observed = isInt(c['observedGeneration']) ? c['observedGeneration'] : isMap(status) ? status['observedGeneration'] : undefined;
        if (isInt(observed) && observed < generation) return false;
      }
      return equalFold(c['status'], want);
    }
    return false;
  };
}

/** `processJSONPathInput`: the relaxed expression and the value to compare ('' for any value). */
function processJsonPathInput(input: string): { expression: string; value: string } | { error: string } {
  const parts = splitJsonPathInput(input);
  if (parts.length > 2) return { error: JSONPATH_FORMAT };
  const expression = relaxedJsonPath(parts[0]!);
  if (typeof expression !== 'string') return expression;
  if (parts.length === 1) return { expression, value: '' };
  const value = parts[1]!.replace(/^['"]+|['"]+$/g, '');
  return value === '' ? { error: JSONPATH_VALUE } : { expression, value };
}

/** `splitJSONPathInput`: splits on each single `=`; `==` (a filter's comparison) stays whole. */
function splitJsonPathInput(input: string): string[] {
  const parts: string[] = [];
  let part = '';
  for (let i = 0; i < input.length; i++) {
    if (input[i] !== '=') part += input[i];
    else if (input[i + 1] === '=') {
      part += '==';
      i++;
    } else {
      parts.push(part);
      part = '';
    }
  }
  parts.push(part);
  return parts;
}

/** `JSONPathWait.checkCondition` with `verifyParsedJSONPath` and `compareResults`. */
function jsonPathCheck(compiled: CompiledJsonPath, want: string): StateCheck {
  return (obj) => {
    const results = findJsonPathResults(compiled, obj, { allowMissingKeys: true });
    if ('error' in results) return results;
    if (results.length === 0 || results[0]!.length === 0) return false;
    if (results.length > 1) return { error: 'given jsonpath expression matches more than one list' };
    if (results[0]!.length > 1) return { error: 'given jsonpath expression matches more than one value' };
    if (want === '') return true;
    const got = results[0]![0]!;
    if (got.k === 'map' || got.k === 'slice') return { error: 'jsonpath leads to a nested object or list which is not supported' };
    return goFmtV(got).trim() === want.trim();
  };
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

/**
 * Go's `strings.EqualFold`: character by character under simple case folding, so `ſ` matches
 * `s` and the Kelvin sign `k`, while `ß` never matches `ss` (a full folding).
 */
function equalFold(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (x.length !== y.length) return false;
  return x.every((c, i) => {
    const d = y[i]!;
    if (c === d) return true;
    const lc = c.toLowerCase();
    const ld = d.toLowerCase();
    const uc = c.toUpperCase();
    const ud = d.toUpperCase();
    return (lc === ld && [...lc].length === 1) || (uc === ud && [...uc].length === 1);
  });
}
