/**
 * The executor of Go's `text/template` (`text/template/exec.go`: `walk`, `walkIfOrWith`,
 * `walkRange`, `walkTemplate`, `evalPipeline`, `evalCommand`, `evalField`, `evalCall`,
 * `evalArg`, `validateType`, `idealConstant`, `printValue`) as Go 1.23 builds it into
 * kubectl v1.32, over the values of go-template-value.ts.
 *
 * Why a port: the output and every error (`template: output:1:7: executing "output" at <.x>:
 * map has no entry for key "x"`) depend on evaluation order and on which node the executor was
 * last `at`, so this follows exec.go step by step. Ranges over maps go in sorted key order, as
 * Go's; ranging over an integer is refused (that came with Go 1.24). Output written before an
 * error is kept: kubectl prints it.
 */
import { goQuote } from '../../sim/api/goquote.js';
import { sprint } from './go-template-fmt.js';
import { sprintf } from './go-template-sprintf.js';
import { FUNCS, type ParamType, type TemplateFunc } from './go-template-funcs.js';
import {
  nodeString,
  type BranchNode,
  type CommandNode,
  type FieldNode,
  type ListNode,
  type Node,
  type NumberNode,
  type OperandNode,
  type PipeNode,
  type StatementNode,
  type TemplateNode,
  type VariableNode,
} from './go-template-nodes.js';

import { TEMPLATE_NAME, type TreeSet } from './go-template-parse.js';
import { asInterface, byteLength, element, hasKey, indirect, indirectInterface, INVALID, isTrue, truth, typeName, type Value } from './go-template-value.js';

type ChainNode = Extract<OperandNode, { type: 'chain' }>;

/** An execution failure; `message` is Go's error text. */
class TemplateExecError extends Error {}

/** A panic outside text/template's own recovery, which kubectl reports as `caught panic: ...`. */
class TemplatePanic extends Error {}

/** `missingVal`: no value is piped into the command. */
const MISSING = Symbol('missing');
type Final = Value | typeof MISSING;

/** Thrown by `{{break}}` and `{{continue}}`, caught by the enclosing range. */
const BREAK = Symbol('break');
const CONTINUE = Symbol('continue');

/** `maxExecDepth`: how deep Go lets `{{template}}` calls nest (JavaScript's stack gives out first). */
const MAX_EXEC_DEPTH = 100000;

interface Shared {
  readonly text: string;
  readonly trees: TreeSet;
  /** `missingkey=error` (kubectl's `--allow-missing-template-keys=false`). */
  readonly missingKeyError: boolean;
  out: string;
}

interface Variable {
  readonly name: string;
  value: Value;
}

/** The state of one template's execution (`state`); a `{{template}}` call runs a new one. */
class State {
  /** The node being evaluated, which errors point at; `walk` sets it before anything can fail. */
  private node!: Node;

  constructor(
    private readonly shared: Shared,
    private readonly tmplName: string,
    private readonly vars: Variable[],
  ) {}

  // --- errors and variables ---

  private at(node: Node): void {
    this.node = node;
  }

  /** Fails the execution at the current node: `template: output:LINE:COL: executing "NAME" at <NODE>: ...`. */
  errorf(message: string): never {
    // Go counts the column in bytes from the line's start (from 0), the line from 1.
    const before = this.shared.text.slice(0, this.node.pos);
    const line = before.split('\n').length;
    const col = byteLength(before.slice(before.lastIndexOf('\n') + 1));
    throw new TemplateExecError(`template: ${TEMPLATE_NAME}:${line}:${col}: executing ${goQuote(this.tmplName)} at <${nodeString(this.node)}>: ${message}`);
  }

  private setVar(name: string, value: Value): void {
    const v = this.vars.findLast((x) => x.name === name);
    if (!v) this.errorf(`undefined variable: ${name}`);
    v.value = value;
  }

  private varValue(name: string): Value {
    const v = this.vars.findLast((x) => x.name === name);
    return v ? v.value : this.errorf(`undefined variable: ${name}`);
  }

  // --- statements ---

  walk(dot: Value, node: ListNode | StatementNode): void {
    this.at(node);
    switch (node.type) {
      case 'action': {
        // Variables declared here stay until the enclosing {{end}}; a declaration prints nothing.
        const val = this.evalPipeline(dot, node.pipe);
        if (node.pipe.decl.length === 0) this.printValue(node, val);
        return;
      }
      case 'break':
        throw BREAK;
      case 'continue':
        throw CONTINUE;
      case 'if':
      case 'with':
        return this.walkIfOrWith(dot, node);
      case 'list':
        for (const n of node.nodes) this.walk(dot, n);
        return;
      case 'range':
        return this.walkRange(dot, node);
      case 'template':
        return this.walkTemplate(dot, node);
      case 'text':
        this.shared.out += node.text;
        return;
    }
  }

  private walkIfOrWith(dot: Value, node: BranchNode): void {
    const mark = this.vars.length;
    try {
      const val = this.evalPipeline(dot, node.pipe);
      if (isTrue(indirectInterface(val))) this.walk(node.type === 'with' ? val : dot, node.list);
      else if (node.elseList) this.walk(dot, node.elseList);
    } finally {
      this.vars.length = mark;
    }
  }

  private walkRange(dot: Value, r: BranchNode): void {
    this.at(r);
    const outer = this.vars.length;
    try {
      const val = indirect(this.evalPipeline(dot, r.pipe)).v;
      const mark = this.vars.length;
      const { decl, isAssign } = r.pipe;
      const oneIteration = (index: Value, elem: Value): void => {
        if (decl.length > 0) {
          // With two variables the index comes first; with one it is the element.
          if (isAssign) this.setVar(decl[0]!.ident[0]!, decl.length > 1 ? index : elem);
          else this.vars[this.vars.length - 1]!.value = elem;
        }
        if (decl.length > 1) {
          if (isAssign) this.setVar(decl[1]!.ident[0]!, elem);
          else this.vars[this.vars.length - 2]!.value = index;
        }
        try {
          this.walk(elem, r.list);
        } catch (e) {
          if (e !== CONTINUE) throw e;
        } finally {
          this.vars.length = mark;
        }
      };
      if (val.k === 'slice' && val.v.length > 0) {
        val.v.forEach((e, i) => oneIteration({ k: 'int', v: i }, element(e)));
        return;
      }
      if (val.k === 'map') {
        const keys = Object.keys(val.v)
          .filter((k) => hasKey(val.v, k))
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        for (const k of keys) oneIteration({ k: 'string', v: k }, element(val.v[k]));
        if (keys.length > 0) return;
      } else if (val.k !== 'slice' && val.k !== 'invalid') this.errorf(`range can't iterate over ${sprintf('%v', [asInterface(val)])}`);
      if (r.elseList) this.walk(dot, r.elseList);
    } catch (e) {
      if (e !== BREAK) throw e;
    } finally {
      this.vars.length = outer;
    }
  }

  private walkTemplate(dot: Value, t: TemplateNode): void {
    this.at(t);
    const tree = this.shared.trees.get(t.name);
    if (!tree) this.errorf(`template ${goQuote(t.name)} not defined`);
    const value = t.pipe ? this.evalPipeline(dot, t.pipe) : INVALID;
    try {
      // No dynamic scoping: the called template sees only $, set to its dot.
      new State(this.shared, t.name, [{ name: '$', value }]).walk(value, tree);
    } catch (e) {
      // JavaScript's stack ends long before Go's depth limit (V8 and WebKit throw a RangeError,
      // Firefox an InternalError); report it the way Go does.
      if (!(e instanceof RangeError) && !(e instanceof Error && e.name === 'InternalError')) throw e;
      this.at(t);
      this.errorf(`exceeded maximum template depth (${MAX_EXEC_DEPTH})`);
    }
  }

  private printValue(node: Node, v: Value): void {
    this.at(node);
    this.shared.out += v.k === 'invalid' ? '<no value>' : sprint([asInterface(v)]);
  }

  // --- expressions ---

  /** A pipeline's value; its declared variables are pushed (or assigned) for the caller to pop. */
  private evalPipeline(dot: Value, pipe: PipeNode): Value {
    this.at(pipe);
    let value: Final = MISSING;
    for (const cmd of pipe.cmds) {
      value = this.evalCommand(dot, cmd, value);
      // A value of type interface{} is replaced by what it holds.
      if (value.k === 'iface') value = value.e ?? INVALID;
    }
    const result = value === MISSING ? INVALID : value;
    for (const v of pipe.decl) {
      if (pipe.isAssign) this.setVar(v.ident[0]!, result);
      else this.vars.push({ name: v.ident[0]!, value: result });
    }
    return result;
  }

  private notAFunction(args: readonly OperandNode[], final: Final): void {
    if (args.length > 1 || final !== MISSING) this.errorf(`can't give argument to non-function ${nodeString(args[0]!)}`);
  }

  private evalCommand(dot: Value, cmd: CommandNode, final: Final): Value {
    const first = cmd.args[0]!;
    switch (first.type) {
      case 'field':
        return this.evalFieldNode(dot, first, cmd.args, final);
      case 'chain':
        return this.evalChainNode(dot, first, cmd.args, final);
      case 'identifier':
        return this.evalFunction(dot, first.ident, first, cmd, cmd.args, final);
      case 'pipe':
        // A parenthesized pipeline takes no arguments.
        this.notAFunction(cmd.args, final);
        return this.evalPipeline(dot, first);
      case 'variable':
        return this.evalVariableNode(first, cmd.args, final);
    }
    this.at(first);
    this.notAFunction(cmd.args, final);
    switch (first.type) {
      case 'bool':
        return { k: 'bool', v: first.value };
      case 'dot':
        return dot;
      case 'nil':
        return this.errorf('nil is not a command');
      case 'number':
        return this.idealConstant(first);
      case 'string':
        return { k: 'string', v: first.text };
    }
  }

  /** A number constant where no type is expected: complex, float (if written as one), else int. */
  private idealConstant(n: NumberNode): Value {
    this.at(n);
    if (n.isComplex) return { k: 'complex128', re: n.re, im: n.im };
    const hexInt = /^0[xX]/.test(n.text) && !/[pP]/.test(n.text);
    if (n.isFloat && !hexInt && !n.text.startsWith("'") && /[.eEpP]/.test(n.text)) return { k: 'float64', v: n.float };
    if (n.isInt) return { k: 'int', v: n.int };
    // Only a uint64 beyond int64's range is left.
    return this.errorf(`${n.text} overflows int`);
  }

  private evalFieldNode(dot: Value, field: FieldNode, args: readonly OperandNode[] | null, final: Final): Value {
    this.at(field);
    return this.evalFieldChain(dot, field.ident, args, final);
  }

  /** `(pipeline).Field` or `func.Field`: the term's value, then its fields. */
  private evalChainNode(dot: Value, chain: ChainNode, args: readonly OperandNode[] | null, final: Final): Value {
    this.at(chain);
    const receiver = this.evalArg(dot, null, chain.node);
    return this.evalFieldChain(receiver, chain.field, args, final);
  }

  private evalVariableNode(variable: VariableNode, args: readonly OperandNode[] | null, final: Final): Value {
    this.at(variable);
    const value = this.varValue(variable.ident[0]!);
    if (variable.ident.length === 1) {
      this.notAFunction(args ?? [], final);
      return value;
    }
    return this.evalFieldChain(value, variable.ident.slice(1), args, final);
  }

  /** `.a.b.c` from `receiver`; only the last field gets the command's arguments. */
  private evalFieldChain(receiver: Value, ident: readonly string[], args: readonly OperandNode[] | null, final: Final): Value {
    let r = receiver;
    for (const name of ident.slice(0, -1)) r = this.evalField(name, null, MISSING, r);
    return this.evalField(ident[ident.length - 1]!, args, final, r);
  }

  /** `.name` of a value: a map's entry (our values have no methods or struct fields). */
  private evalField(fieldName: string, args: readonly OperandNode[] | null, final: Final, receiver: Value): Value {
    if (receiver.k === 'invalid') {
      if (this.shared.missingKeyError) this.errorf(`nil data; no entry for key ${goQuote(fieldName)}`);
      return INVALID;
    }
    const typ = typeName(receiver);
    const { v, isNil } = indirect(receiver);
    if (isNil) this.errorf(`nil pointer evaluating ${typ}.${fieldName}`);
    if (v.k === 'map') {
      if ((args !== null && args.length > 1) || final !== MISSING) this.errorf(`${fieldName} is not a method but has arguments`);
      if (hasKey(v.v, fieldName)) return element(v.v[fieldName]);
      if (this.shared.missingKeyError) this.errorf(`map has no entry for key ${goQuote(fieldName)}`);
      return INVALID;
    }
    this.errorf(`can't evaluate field ${fieldName} in type ${typ}`);
  }

  private evalFunction(dot: Value, name: string, node: Node, cmd: Node, args: readonly OperandNode[] | null, final: Final): Value {
    this.at(node);
    return this.evalCall(dot, FUNCS.get(name)!, cmd, name, args, final);
  }

  /** Calls a function with the command's arguments (the first is the function itself) and the piped value. */
  private evalCall(dot: Value, fn: TemplateFunc, node: Node, name: string, args: readonly OperandNode[] | null, final: Final): Value {
    const argNodes = args ? args.slice(1) : [];
    const numIn = argNodes.length + (final === MISSING ? 0 : 1);
    let numFixed = argNodes.length;
    if (fn.variadic) {
      numFixed = fn.params.length;
      if (numIn < numFixed) this.errorf(`wrong number of args for ${name}: want at least ${numFixed} got ${argNodes.length}`);
    } else if (numIn !== fn.params.length) this.errorf(`wrong number of args for ${name}: want ${fn.params.length} got ${numIn}`);

    if (name === 'and' || name === 'or') {
      // They stop at the first argument that settles the answer, and return that argument.
      let v: Value = INVALID;
      for (const arg of argNodes) {
        v = this.evalArg(dot, 'value', arg);
        if (truth(v) === (name === 'or')) return v;
      }
      return final === MISSING ? v : this.validateType(final, 'value');
    }

    const argv: Value[] = [];
    argNodes.forEach((arg, i) => argv.push(this.evalArg(dot, i < numFixed ? fn.params[i]! : fn.variadic!, arg)));
    if (final !== MISSING) {
      const t = fn.variadic && numIn - 1 >= numFixed ? fn.variadic : fn.params[Math.min(numIn - 1, fn.params.length - 1)]!;
      argv.push(this.validateType(final, t));
    }
    if (!fn.call) {
      // `call`: the function to call is the first argument, named by its text; a piped one has none.
      if (argNodes.length === 0) throw new TemplatePanic('runtime error: index out of range [0] with length 0');
      const callee = indirectInterface(argv[0]!);
      this.at(node);
      if (callee.k === 'invalid') this.errorf('error calling call: call of nil');
      this.errorf(`error calling call: non-function ${nodeString(argNodes[0]!)} of type ${typeName(callee)}`);
    }
    const result = fn.call(argv);
    if ('error' in result) {
      this.at(node);
      this.errorf(`error calling ${name}: ${result.error}`);
    }
    return result;
  }

  /** `validateType`: a value fit for a parameter of type `typ` (null: no type, as a chain's term). */
  private validateType(value: Value, typ: ParamType | null): Value {
    if (value.k === 'invalid') {
      if (typ === 'string') this.errorf('invalid value; expected string');
      // An interface{} parameter gets a nil interface; a reflect.Value one the zero Value.
      return typ === 'any' ? { k: 'iface', e: null } : INVALID;
    }
    if (typ !== 'string' || value.k === 'string') return value;
    if (value.k === 'iface' && value.e !== null) {
      if (value.e.k === 'string') return value.e;
      this.errorf(`wrong type for value; expected string; got ${typeName(value.e)}`);
    }
    this.errorf(`wrong type for value; expected string; got ${typeName(value)}`);
  }

  /** `evalArg`: one argument, evaluated for a parameter of type `typ`. */
  private evalArg(dot: Value, typ: ParamType | null, n: OperandNode): Value {
    this.at(n);
    switch (n.type) {
      case 'dot':
        return this.validateType(dot, typ);
      case 'nil':
        if (typ === 'string') this.errorf('cannot assign nil to string');
        return typ === 'any' ? { k: 'iface', e: null } : INVALID;
      case 'field':
        return this.validateType(this.evalFieldNode(dot, n, [n], MISSING), typ);
      case 'variable':
        return this.validateType(this.evalVariableNode(n, null, MISSING), typ);
      case 'pipe':
        return this.validateType(this.evalPipeline(dot, n), typ);
      case 'identifier':
        return this.validateType(this.evalFunction(dot, n.ident, n, n, null, MISSING), typ);
      case 'chain':
        return this.validateType(this.evalChainNode(dot, n, null, MISSING), typ);
    }
    if (typ === 'string') {
      if (n.type === 'string') return { k: 'string', v: n.text };
      this.errorf(`expected string; found ${nodeString(n)}`);
    }
    // An interface{} or reflect.Value parameter takes a constant as it is.
    switch (n.type) {
      case 'bool':
        return { k: 'bool', v: n.value };
      case 'number':
        return this.idealConstant(n);
      case 'string':
        return { k: 'string', v: n.text };
    }
  }
}

/**
 * Runs the `output` template of `trees` (parsed from `text`) over `data`: the text written,
 * and Go's error when execution failed part-way (the text is then what was written before);
 * a panic is reported as kubectl's `safeExecute` words it.
 */
export function executeTrees(text: string, trees: TreeSet, data: Value, missingKeyError: boolean): { readonly out: string; readonly error?: string } {
  const shared: Shared = { text, trees, missingKeyError, out: '' };
  try {
    new State(shared, TEMPLATE_NAME, [{ name: '$', value: data }]).walk(data, trees.get(TEMPLATE_NAME)!);
    return { out: shared.out };
  } catch (e) {
    if (e instanceof TemplateExecError) return { out: shared.out, error: e.message };
    if (e instanceof TemplatePanic) return { out: shared.out, error: `caught panic: ${e.message}` };
    throw e;
  }
}
