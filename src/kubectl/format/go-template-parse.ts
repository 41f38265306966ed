/**
 * The parser of Go's `text/template` (`text/template/parse/parse.go`: `Tree.parse`,
 * `parseDefinition`, `itemList`, `textOrAction`, `action`, `pipeline`, `parseControl`,
 * `command`, `operand`, `term`, ...) as Go 1.23 builds it into kubectl v1.32, for a template
 * kubectl names `output`.
 *
 * Why a port: a template that does not parse must fail with kubectl's exact message
 * (`template: output:1: unclosed action`, `function "foo" not defined`), which depends on the
 * parser's token lookahead and on which token it read last (its line is the error's line).
 * Kept: `define`, `template` and `block` (a set of named trees), `{{else if}}` and
 * `{{else with}}`, `break` / `continue` inside `range`, variable scoping.
 */
import { goQuote } from '../../sim/api/goquote.js';
import { itemString, lex, type Item, type ItemType } from './go-template-lex.js';
import { parseNumber, unquoteString } from './go-template-literals.js';
import {
  nodeString,
  type BranchNode,
  type CommandNode,
  type EndNode,
  type ListNode,
  type OperandNode,
  type PipeNode,
  type StatementNode,
  type TemplateNode,
  type VariableNode,
} from './go-template-nodes.js';

/** The templates of one parse, by name; kubectl's own is `output`. */
export type TreeSet = Map<string, ListNode>;

/** A parse failure: kubectl prints `message` after `error parsing template TEMPLATE, `. */
export class TemplateParseError extends Error {}

/** The name kubectl gives its template (`template.New("output")`). */
export const TEMPLATE_NAME = 'output';

/** What is shared by the trees of one parse: the scanner, the function names, the set being filled. */
interface Shared {
  readonly lexer: { nextItem(): Item };
  readonly funcs: ReadonlySet<string>;
  readonly treeSet: TreeSet;
}

const EOF_ITEM: Item = { typ: 'eof', pos: 0, val: 'EOF', line: 0 };

/** Items that can start a command of a pipeline. */
const OPERAND_STARTS: ReadonlySet<ItemType> = new Set([
  'bool',
  'charConstant',
  'complex',
  'dot',
  'field',
  'identifier',
  'number',
  'nil',
  'rawString',
  'string',
  'variable',
  'leftParen',
]);

/** `parse.IsEmptyTree`: nothing but space-only text. */
function isEmptyTree(list: ListNode): boolean {
  return list.nodes.every((n) => n.type === 'text' && n.text.trim() === '');
}

/** One template being parsed (`parse.Tree`): the top-level one, or a `define` / `block` body. */
class Tree {
  private readonly token: Item[] = [EOF_ITEM, EOF_ITEM, EOF_ITEM];
  private peekCount = 0;
  private vars: string[] = ['$'];
  private actionLine = 0;
  private rangeDepth = 0;

  constructor(
    private name: string,
    private readonly shared: Shared,
  ) {}

  // --- token stream: three tokens of lookahead, as `parse.Tree` has ---

  private next(): Item {
    if (this.peekCount > 0) this.peekCount--;
    else this.token[0] = this.shared.lexer.nextItem();
    return this.token[this.peekCount]!;
  }

  private backup(): void {
    this.peekCount++;
  }

  private backup2(t1: Item): void {
    this.token[1] = t1;
    this.peekCount = 2;
  }

  private backup3(t2: Item, t1: Item): void {
    this.token[1] = t1;
    this.token[2] = t2;
    this.peekCount = 3;
  }

  private peek(): Item {
    if (this.peekCount > 0) return this.token[this.peekCount - 1]!;
    this.peekCount = 1;
    this.token[0] = this.shared.lexer.nextItem();
    return this.token[0];
  }

  private nextNonSpace(): Item {
    let token: Item;
    do token = this.next();
    while (token.typ === 'space');
    return token;
  }

  private peekNonSpace(): Item {
    const token = this.nextNonSpace();
    this.backup();
    return token;
  }

  // --- errors ---

  /** Fails the parse; the line is that of the token read last. */
  private errorf(message: string): never {
    throw new TemplateParseError(`template: ${TEMPLATE_NAME}:${this.token[0]!.line}: ${message}`);
  }

  private expect(expected: ItemType, context: string): Item {
    const token = this.nextNonSpace();
    if (token.typ !== expected) this.unexpected(token, context);
    return token;
  }

  private unexpected(token: Item, context: string): never {
    if (token.typ === 'error') {
      let extra = '';
      if (this.actionLine !== 0 && this.actionLine !== token.line) {
        extra = ` in action started at ${TEMPLATE_NAME}:${this.actionLine}`;
        if (token.val.endsWith(' action')) extra = extra.slice(' in action'.length);
      }
      this.errorf(`${token.val}${extra}`);
    }
    this.errorf(`unexpected ${itemString(token)} in ${context}`);
  }

  // --- the grammar ---

  /** The top level: text, actions and `define`s up to the end of the input. */
  parse(): void {
    const root: ListNode = { type: 'list', pos: this.peek().pos, nodes: [] };
    while (this.peek().typ !== 'eof') {
      if (this.peek().typ === 'leftDelim') {
        const delim = this.next();
        if (this.nextNonSpace().typ === 'define') {
          new Tree('definition', this.shared).parseDefinition();
          continue;
        }
        this.backup2(delim);
      }
      const n = this.textOrAction();
      if (n.type === 'end' || n.type === 'else') this.errorf(`unexpected ${nodeString(n)}`);
      root.nodes.push(n);
    }
    this.add(root);
  }

  /** Puts the tree into the set; a second non-empty definition of a name is an error. */
  private add(root: ListNode): void {
    const existing = this.shared.treeSet.get(this.name);
    if (existing === undefined || isEmptyTree(existing)) {
      this.shared.treeSet.set(this.name, root);
      return;
    }
    if (!isEmptyTree(root)) this.errorf(`template: multiple definition of template ${goQuote(this.name)}`);
  }

  /** `{{define "name"}} ... {{end}}`, the `define` keyword read. */
  private parseDefinition(): void {
    const context = 'define clause';
    const token = this.nextNonSpace();
    if (token.typ !== 'string' && token.typ !== 'rawString') this.unexpected(token, context);
    this.name = this.unquote(token.val);
    this.expect('rightDelim', context);
    const { list, end } = this.itemList();
    if (end.type !== 'end') this.errorf(`unexpected ${nodeString(end)} in ${context}`);
    this.add(list);
  }

  /** Text and actions up to an `{{end}}` or `{{else}}`, which is returned apart. */
  private itemList(): { list: ListNode; end: EndNode } {
    const list: ListNode = { type: 'list', pos: this.peekNonSpace().pos, nodes: [] };
    while (this.peekNonSpace().typ !== 'eof') {
      const n = this.textOrAction();
      if (n.type === 'end' || n.type === 'else') return { list, end: n };
      list.nodes.push(n);
    }
    this.errorf('unexpected EOF');
  }

  private textOrAction(): StatementNode | EndNode {
    const token = this.nextNonSpace();
    if (token.typ === 'text') return { type: 'text', pos: token.pos, text: token.val };
    if (token.typ !== 'leftDelim') this.unexpected(token, 'input');
    this.actionLine = token.line;
    try {
      return this.action();
    } finally {
      this.actionLine = 0;
    }
  }

  /** What follows `{{`: a control keyword, or a pipeline to print. */
  private action(): StatementNode | EndNode {
    const token = this.nextNonSpace();
    switch (token.typ) {
      case 'block':
        return this.blockControl();
      case 'break':
      case 'continue':
        return this.loopControl(token);
      case 'else':
        return this.elseControl();
      case 'end':
        return { type: 'end', pos: this.expect('rightDelim', 'end').pos };
      case 'if':
      case 'range':
      case 'with':
        return this.branchControl(token.typ);
      case 'template':
        return this.templateControl();
    }
    this.backup();
    const pos = this.peek().pos;
    // Variables declared here are not popped: they live until the enclosing {{end}}.
    return { type: 'action', pos, pipe: this.pipeline('command', 'rightDelim') };
  }

  /** `{{break}}` or `{{continue}}`, only inside a `range`. */
  private loopControl(keyword: Item): StatementNode {
    const token = this.nextNonSpace();
    if (token.typ !== 'rightDelim') this.unexpected(token, `{{${keyword.val}}}`);
    if (this.rangeDepth === 0) this.errorf(`{{${keyword.val}}} outside {{range}}`);
    return { type: keyword.typ === 'break' ? 'break' : 'continue', pos: keyword.pos };
  }

  /** `{{else}}`; before `if` or `with` (an `else if` chain) that keyword is left unread. */
  private elseControl(): EndNode {
    const peek = this.peekNonSpace();
    if (peek.typ === 'if' || peek.typ === 'with') return { type: 'else', pos: peek.pos };
    return { type: 'else', pos: this.expect('rightDelim', 'else').pos };
  }

  /** `declarations? command ('|' command)*`, up to `end` (a right delimiter or paren). */
  private pipeline(context: string, end: ItemType): PipeNode {
    const pos = this.peekNonSpace().pos;
    const decl: VariableNode[] = [];
    let isAssign = false;
    for (;;) {
      const v = this.peekNonSpace();
      if (v.typ !== 'variable') break;
      this.next();
      // `$x foo` passes $x to foo: three tokens of lookahead tell it from `$x := foo`.
      const afterVariable = this.peek();
      const next = this.peekNonSpace();
      if (next.typ === 'assign' || next.typ === 'declare') {
        isAssign = next.typ === 'assign';
        this.nextNonSpace();
        decl.push(this.newVariable(v.pos, v.val));
        this.vars.push(v.val);
      } else if (next.typ === 'char' && next.val === ',') {
        this.nextNonSpace();
        decl.push(this.newVariable(v.pos, v.val));
        this.vars.push(v.val);
        if (context === 'range' && decl.length < 2) {
          const after = this.peekNonSpace().typ;
          if (after === 'variable' || after === 'rightDelim' || after === 'rightParen') continue;
          this.errorf('range can only initialize variables');
        }
        this.errorf(`too many declarations in ${context}`);
      } else if (afterVariable.typ === 'space') this.backup3(v, afterVariable);
      else this.backup2(v);
      break;
    }
    const pipe: PipeNode = { type: 'pipe', pos, isAssign, decl, cmds: [] };
    for (;;) {
      const token = this.nextNonSpace();
      if (token.typ === end) {
        this.checkPipeline(pipe, context);
        return pipe;
      }
      if (!OPERAND_STARTS.has(token.typ)) this.unexpected(token, context);
      this.backup();
      pipe.cmds.push(this.command());
    }
  }

  private checkPipeline(pipe: PipeNode, context: string): void {
    if (pipe.cmds.length === 0) this.errorf(`missing value for ${context}`);
    // Only the first command of a pipeline may be a constant or the dot.
    pipe.cmds.slice(1).forEach((c, i) => {
      if (['bool', 'dot', 'nil', 'number', 'string'].includes(c.args[0]!.type)) this.errorf(`non executable command in pipeline stage ${i + 2}`);
    });
  }

  /** `{{if|range|with pipeline}} list [{{else}} list] {{end}}`; the keyword is read. */
  private branchControl(type: BranchNode['type']): BranchNode {
    const mark = this.vars.length;
    try {
      const pipe = this.pipeline(type, 'rightDelim');
      if (type === 'range') this.rangeDepth++;
      const body = this.itemList();
      if (type === 'range') this.rangeDepth--;
      let elseList: ListNode | undefined;
      if (body.end.type === 'else') {
        // `{{else if b}}` is `{{else}}{{if b}}...{{end}}` whose {{end}} is shared; likewise `else with`.
        const chained = this.peek().typ;
        if ((type === 'if' && chained === 'if') || (type === 'with' && chained === 'with')) {
          this.next();
          elseList = { type: 'list', pos: body.end.pos, nodes: [this.branchControl(type)] };
        } else {
          const rest = this.itemList();
          if (rest.end.type !== 'end') this.errorf(`expected end; found ${nodeString(rest.end)}`);
          elseList = rest.list;
        }
      }
      return { type, pos: pipe.pos, pipe, list: body.list, elseList };
    } finally {
      this.vars.length = mark;
    }
  }

  /** `{{block "name" pipeline}} list {{end}}`: defines the template and runs it here. */
  private blockControl(): TemplateNode {
    const context = 'block clause';
    const token = this.nextNonSpace();
    const name = this.templateName(token, context);
    const pipe = this.pipeline(context, 'rightDelim');
    const block = new Tree(name, this.shared);
    const { list, end } = block.itemList();
    if (end.type !== 'end') this.errorf(`unexpected ${nodeString(end)} in ${context}`);
    block.add(list);
    return { type: 'template', pos: token.pos, name, pipe };
  }

  /** `{{template "name" [pipeline]}}`, the keyword read. */
  private templateControl(): TemplateNode {
    const context = 'template clause';
    const token = this.nextNonSpace();
    const name = this.templateName(token, context);
    let pipe: PipeNode | undefined;
    if (this.nextNonSpace().typ !== 'rightDelim') {
      this.backup();
      pipe = this.pipeline(context, 'rightDelim');
    }
    return { type: 'template', pos: token.pos, name, pipe };
  }

  private templateName(token: Item, context: string): string {
    if (token.typ !== 'string' && token.typ !== 'rawString') this.unexpected(token, context);
    return this.unquote(token.val);
  }

  private unquote(token: string): string {
    const s = unquoteString(token);
    return s ?? this.errorf('invalid syntax');
  }

  /** Space-separated operands up to `|` (consumed) or a right delimiter or paren (left). */
  private command(): CommandNode {
    const cmd: CommandNode = { type: 'command', pos: this.peekNonSpace().pos, args: [] };
    for (;;) {
      this.peekNonSpace();
      const operand = this.operand();
      if (operand) cmd.args.push(operand);
      const token = this.next();
      if (token.typ === 'space') continue;
      if (token.typ === 'rightDelim' || token.typ === 'rightParen') this.backup();
      else if (token.typ !== 'pipe') this.unexpected(token, 'operand');
      break;
    }
    if (cmd.args.length === 0) this.errorf('empty command');
    return cmd;
  }

  /** A term and the fields read from it: `.a.b`, `$x.a`, `(pipeline).a`. */
  private operand(): OperandNode | undefined {
    const node = this.term();
    if (!node || this.peek().typ !== 'field') return node;
    // The whole chain takes the position of its first `.field` item.
    const pos = this.peek().pos;
    const fields: string[] = [];
    while (this.peek().typ === 'field') fields.push(this.next().val.slice(1));
    const text = nodeString(node) + fields.map((f) => `.${f}`).join('');
    switch (node.type) {
      case 'field':
        return { type: 'field', pos, ident: text.slice(1).split('.') };
      case 'variable':
        return this.newVariable(pos, text);
      case 'bool':
      case 'string':
      case 'number':
      case 'nil':
      case 'dot':
        this.errorf(`unexpected . after term ${goQuote(nodeString(node))}`);
    }
    return { type: 'chain', pos, node, field: fields };
  }

  /** A literal, a function name, `.`, `.Field`, `$var` or a parenthesized pipeline. */
  private term(): OperandNode | undefined {
    const token = this.nextNonSpace();
    switch (token.typ) {
      case 'identifier':
        if (!this.shared.funcs.has(token.val)) this.errorf(`function ${goQuote(token.val)} not defined`);
        return { type: 'identifier', pos: token.pos, ident: token.val };
      case 'dot':
        return { type: 'dot', pos: token.pos };
      case 'nil':
        return { type: 'nil', pos: token.pos };
      case 'variable':
        return this.useVar(token.pos, token.val);
      case 'field':
        return { type: 'field', pos: token.pos, ident: token.val.slice(1).split('.') };
      case 'bool':
        return { type: 'bool', pos: token.pos, value: token.val === 'true' };
      case 'charConstant':
      case 'complex':
      case 'number': {
        const n = parseNumber(token.val, token.typ);
        if ('error' in n) this.errorf(n.error);
        return { type: 'number', pos: token.pos, text: token.val, ...n };
      }
      case 'leftParen':
        return this.pipeline('parenthesized pipeline', 'rightParen');
      case 'string':
      case 'rawString':
        return { type: 'string', pos: token.pos, quoted: token.val, text: this.unquote(token.val) };
    }
    this.backup();
    return undefined;
  }

  private newVariable(pos: number, text: string): VariableNode {
    return { type: 'variable', pos, ident: text.split('.') };
  }

  /** A use of `$name`, which must be declared in scope. */
  private useVar(pos: number, name: string): VariableNode {
    const v = this.newVariable(pos, name);
    if (!this.vars.includes(v.ident[0]!)) this.errorf(`undefined variable ${goQuote(v.ident[0]!)}`);
    return v;
  }
}

/** Parses `text` as kubectl's `output` template with functions `funcs`; throws `TemplateParseError`. */
export function parseTemplateText(text: string, funcs: ReadonlySet<string>): TreeSet {
  const shared: Shared = { lexer: lex(text), funcs, treeSet: new Map() };
  new Tree(TEMPLATE_NAME, shared).parse();
  return shared.treeSet;
}
