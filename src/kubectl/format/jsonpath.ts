/**
 * `kubectl -o jsonpath=...`: client-go `util/jsonpath` (`JSONPath.FindResults`, `walk`,
 * `evalField`, `evalArray`, `evalFilter`, `evalRecursive`, `PrintResults`) over plain JSON, plus
 * the wording cli-runtime's `JSONPathPrinter` and `JSONPathPrintFlags` wrap errors in.
 *
 * Printing: strings raw, numbers and booleans as Go prints them, maps and lists as compact JSON
 * with sorted keys; the values of one `{...}` are separated by single spaces. kubectl sets
 * AllowMissingKeys(true) (`--allow-missing-template-keys` defaults to true), so a missing key
 * prints nothing; with `allowMissingKeys: false` it fails with `x is not found`.
 * Go iterates maps in random order for `*` and `..`; we visit keys sorted, for determinism.
 * Assumptions: the data is plain JSON (objects, arrays, strings, numbers, booleans, null).
 */
import { goFmtV, goFloat, goJson, goTypeName, goSharpV, goValue, INVALID, sortedKeys, utf8Bytes, type GoValue } from './go-value.js';
import { parseTemplate, type JsonPathNode, type ListNode } from './jsonpath-parser.js';
import { compare } from './go-compare.js';
import { goQuote } from '../../sim/api/goquote.js';

export interface CompiledJsonPath {
  readonly template: string;
  readonly root: ListNode;
}

export interface JsonPathOptions {
  /** kubectl's default is true. */
  readonly allowMissingKeys?: boolean;
}

/** Parses a template once; run it with `executeJsonPath`. The error is upstream's parser message. */
export function parseJsonPath(template: string): CompiledJsonPath | { error: string } {
  const root = parseTemplate(template);
  return 'error' in root ? root : { template, root };
}

/** Runs a compiled template over JSON data: the printed text, or the engine's error message. */
export function executeJsonPath(compiled: CompiledJsonPath, data: unknown, opts: JsonPathOptions = {}): string | { error: string } {
  const found = findJsonPathResults(compiled, data, opts);
  return 'error' in found ? found : found.map(printResults).join('');
}

/**
 * `JSONPath.FindResults`: the values each node of the template finds, as Go sees them (what
 * `--sort-by` compares), or the engine's error message.
 */
export function findJsonPathResults(compiled: CompiledJsonPath, data: unknown, opts: JsonPathOptions = {}): GoValue[][] | { error: string } {
  const run = new Run(compiled.root.nodes, opts.allowMissingKeys ?? true);
  try {
    return run.findResults(goValue(data), 0);
  } catch (e) {
    if (e instanceof ExecError) return { error: e.message };
    throw e;
  }
}

/** kubectl's message for a template that does not parse (printed after `error: `). */
export function jsonPathParseErrorMessage(template: string, error: string): string {
  return `error parsing jsonpath ${template}, ${error}`;
}

/** kubectl's message for a template that fails on an object (printed after `error: `). */
export function jsonPathExecuteErrorMessage(template: string, error: string, data: unknown): string {
  return (
    `error executing jsonpath ${goQuote(template)}: Error executing template: ${error}. Printing more information for debugging the template:\n` +
    `\ttemplate was:\n\t\t${template}\n` +
    `\tobject given to jsonpath engine was:\n\t\t${goSharpV(goValue(data))}\n\n`
  );
}

class ExecError extends Error {}

/** A walk result: the values, and the error upstream returns alongside them. */
interface Res {
  readonly vals: GoValue[];
  readonly err?: string;
}

const ok = (vals: GoValue[]): Res => ({ vals });

/** `PrintResults`: maps and lists as JSON, anything else as `fmt.Fprint`, space-separated. */
function printResults(results: readonly GoValue[]): string {
  return results.map((r) => (r.k === 'map' || r.k === 'slice' ? goJson(r) : evalToText(r))).join(' ');
}

function evalToText(r: GoValue): string {
  return r.k === 'float' ? goFloat(r.v) : goFmtV(r);
}

/** Children visited by `*` and `..`: map values (keys sorted), list items, a string's bytes. */
function children(v: GoValue): GoValue[] {
  if (v.k === 'map') return sortedKeys(v.v).map((k) => goValue(v.v[k]));
  if (v.k === 'slice') return v.v.map(goValue);
  if (v.k === 'string') return utf8Bytes(v.v).map((b) => ({ k: 'uint8', v: b }));
  return [];
}

/** One execution's state (upstream keeps it on the JSONPath object). */
class Run {
  private beginRange = 0;
  private inRange = 0;
  private endRange = 0;
  private lastEnd = -1;

  constructor(
    private readonly nodes: readonly JsonPathNode[],
    private readonly allowMissingKeys: boolean,
  ) {}

  /**
   * `FindResults` from node `from` on. A `range` re-runs the following nodes once per value until
   * its `end`, then resumes after that `end` (the range is walked once with no value when empty).
   */
  findResults(data: GoValue, from: number): GoValue[][] {
    const cur = [data.k === 'nil' ? INVALID : data];
    const full: GoValue[][] = [];
    for (let i = from; i < this.nodes.length; i++) {
      const r = this.walk(cur, this.nodes[i]!);
      if (r.err !== undefined) throw new ExecError(r.err);
      if (this.endRange > 0 && this.endRange <= this.inRange) {
        this.endRange--;
        this.lastEnd = i;
        break;
      }
      if (this.beginRange > 0) {
        this.beginRange--;
        this.inRange++;
        if (r.vals.length > 0) for (const v of r.vals) full.push(...this.findResults(v, i + 1));
        else this.findResults(INVALID, i + 1);
        this.inRange--;
        for (let k = i + 1; k < this.nodes.length; k++) {
          if (k === this.lastEnd) {
            i = k;
            break;
          }
        }
        continue;
      }
      full.push(r.vals);
    }
    return full;
  }

  private walk(input: GoValue[], node: JsonPathNode): Res {
    switch (node.type) {
      case 'list':
        return this.evalList(input, node);
      case 'text':
        return ok([{ k: 'string', v: node.text }]);
      case 'field':
        return this.evalField(input, node.name);
      case 'array':
        return evalArray(input, node.params);
      case 'filter':
        return this.evalFilter(input, node);
      case 'int':
        return ok(input.map(() => ({ k: 'int', v: node.value })));
      case 'float':
        return ok(input.map(() => ({ k: 'float', v: node.value })));
      case 'bool':
        return ok(input.map(() => ({ k: 'bool', v: node.value })));
      case 'wildcard':
        return ok(input.flatMap(children));
      case 'recursive':
        return ok(evalRecursive(input));
      case 'union':
        return this.evalUnion(input, node.nodes);
      case 'identifier':
        return this.evalIdentifier(input, node.name);
    }
  }

  private evalList(input: GoValue[], list: ListNode): Res {
    let cur = input;
    for (const n of list.nodes) {
      const r = this.walk(cur, n);
      if (r.err !== undefined) return r;
      cur = r.vals;
    }
    return ok(cur);
  }

  private evalIdentifier(input: GoValue[], name: string): Res {
    if (name === 'range') {
      this.beginRange++;
      return ok(input);
    }
    if (name === 'end') {
      if (this.inRange > 0) {
        this.endRange++;
        return ok([]);
      }
      return { vals: [], err: 'not in range, nothing to end' };
    }
    return { vals: input, err: `unrecognized identifier ${name}` };
  }

  private evalField(input: GoValue[], name: string): Res {
    const results: GoValue[] = [];
    for (const v of input) {
      if (v.k === 'map' && Object.prototype.hasOwnProperty.call(v.v, name) && v.v[name] !== undefined) results.push(goValue(v.v[name]));
    }
    if (results.length === 0 && input.length > 0 && !this.allowMissingKeys) return { vals: [], err: `${name} is not found` };
    return ok(results);
  }

  private evalUnion(input: GoValue[], lists: readonly ListNode[]): Res {
    const result: GoValue[] = [];
    for (const list of lists) {
      const r = this.evalList(input, list);
      if (r.err !== undefined) return { vals: input, err: r.err };
      result.push(...r.vals);
    }
    return ok(result);
  }

  private evalFilter(input: GoValue[], node: Extract<JsonPathNode, { type: 'filter' }>): Res {
    const results: GoValue[] = [];
    for (const value of input) {
      if (value.k !== 'slice') {
        const shown = value.k === 'invalid' ? '<invalid reflect.Value>' : goFmtV(value);
        return { vals: input, err: `${shown} is not array or slice and cannot be filtered` };
      }
      for (const item of value.v.map(goValue)) {
        const lefts = this.evalList([item], node.left);
        if (node.op === 'exists') {
          if (lefts.vals.length > 0) results.push(item);
          continue;
        }
        if (lefts.err !== undefined) return { vals: input, err: lefts.err };
        if (lefts.vals.length === 0) continue;
        if (lefts.vals.length > 1) return { vals: input, err: 'can only compare one element at a time' };
        const rights = this.evalList([item], node.right);
        if (rights.err !== undefined) return { vals: input, err: rights.err };
        if (rights.vals.length === 0) continue;
        if (rights.vals.length > 1) return { vals: input, err: 'can only compare one element at a time' };
        const pass = compare(node.op, lefts.vals[0]!, rights.vals[0]!);
        if (typeof pass === 'string') return { vals: results, err: pass };
        if (pass) results.push(item);
      }
    }
    return ok(results);
  }
}

/** `evalArray`: index, negative index, slice with step; errors as upstream. */
function evalArray(input: GoValue[], params: Extract<JsonPathNode, { type: 'array' }>['params']): Res {
  const result: GoValue[] = [];
  for (const value of input) {
    if (value.k === 'nil' || value.k === 'invalid') continue;
    if (value.k !== 'slice') return { vals: input, err: `${goTypeName(value)} is not array or slice` };
    const len = value.v.length;
    let start = params[0].known ? params[0].value : 0;
    if (start < 0) start += len;
    let end = params[1].known ? params[1].value : len;
    if (end < 0 || (end === 0 && params[1].derived)) end += len;
    if (end === start) return ok(result);
    if (start >= len || start < 0) return { vals: input, err: `array index out of bounds: index ${start}, length ${len}` };
    if (end > len || end < 0) return { vals: input, err: `array index out of bounds: index ${end - 1}, length ${len}` };
    if (start > end) return { vals: input, err: `starting index ${start} is greater than ending index ${end}` };
    let step = 1;
    if (params[2].known) {
      if (params[2].value <= 0) return { vals: input, err: 'step must be > 0' };
      step = params[2].value;
    }
    for (let i = start; i < end; i += step) result.push(goValue(value.v[i]));
  }
  return ok(result);
}

/** `evalRecursive`: every value that has children, followed by its descendants. */
function evalRecursive(input: GoValue[]): GoValue[] {
  const result: GoValue[] = [];
  for (const value of input) {
    const kids = children(value);
    if (kids.length > 0) result.push(value, ...evalRecursive(kids));
  }
  return result;
}
