/**
 * `kubectl -o go-template=...`: cli-runtime's `GoTemplatePrinter` (`NewGoTemplatePrinter`,
 * `AllowMissingKeys`, `PrintObj`, `safeExecute`) over a port of Go's `text/template` (the
 * go-template-*.ts files: lex, nodes, literals, parse, value, exec, funcs, fmt, sprintf,
 * strconv) with kubectl's extra `exists` and `base64decode` functions.
 *
 * The object is given to the template as JSON decoded into `map[string]interface{}`, so
 * `{{.spec.replicas}}` is an int64 and prints `3`, a float prints as Go's `%v` (`1.5`,
 * `1e+21`), maps print `map[k:v]` in key order and lists `[a b]`. kubectl sets
 * `missingkey=default` (a missing key prints `<no value>`) unless
 * `--allow-missing-template-keys=false` asks for `missingkey=error`. When execution fails,
 * kubectl writes what the template printed so far and a debugging dump to stdout, and returns
 * `error executing template "T": ...`.
 * Assumptions: the data is plain JSON with sorted keys (what kubectl's unstructured objects
 * marshal to); no template text is ever run as JavaScript.
 */
import { goQuote } from '../../sim/api/goquote.js';
import { executeTrees } from './go-template-exec.js';
import { FUNCS } from './go-template-funcs.js';
import { parseTemplateText, TemplateParseError, type TreeSet } from './go-template-parse.js';
import { goFmtV, goJson, goValue } from './go-value.js';
import { concreteOf, INVALID } from './go-template-value.js';

export interface CompiledGoTemplate {
  readonly template: string;
  readonly trees: TreeSet;
}

const FUNC_NAMES: ReadonlySet<string> = new Set(FUNCS.keys());

/** Parses a template once; run it with `printGoTemplate`. The error is Go's (`template: output:1: ...`). */
export function parseGoTemplate(template: string): CompiledGoTemplate | { error: string } {
  try {
    return { template, trees: parseTemplateText(template, FUNC_NAMES) };
  } catch (e) {
    if (e instanceof TemplateParseError) return { error: e.message };
    throw e;
  }
}

/** kubectl's message for a template that does not parse (printed after `error: `). */
export function goTemplateParseErrorMessage(template: string, error: string): string {
  return `error parsing template ${template}, ${error}`;
}

/**
 * `GoTemplatePrinter.PrintObj`: stdout, and kubectl's error (without `error: `) when execution
 * fails. `data` is the object as JSON with sorted keys, which is also what the debugging dump shows.
 */
export function printGoTemplate(compiled: CompiledGoTemplate, data: unknown, allowMissingKeys: boolean): { readonly stdout: string; readonly error?: string } {
  // Go's error: `template: output:1:2: executing "output" at <...>: ...`, or `caught panic: ...`.
  const r = executeTrees(compiled.template, compiled.trees, concreteOf(data) ?? INVALID, !allowMissingKeys);
  if (r.error === undefined) return { stdout: r.out };
  const dump =
    `Error executing template: ${r.error}. Printing more information for debugging the template:\n` +
    `\ttemplate was:\n\t\t${compiled.template}\n` +
    `\traw data was:\n\t\t${goJson(goValue(data))}\n` +
    `\tobject given to template engine was:\n\t\t${goFmtV(goValue(data))}\n\n`;
  return { stdout: r.out + dump, error: `error executing template ${goQuote(compiled.template)}: ${r.error}` };
}
