/**
 * The parse tree of Go's `text/template` (`text/template/parse/node.go`) and how each node
 * prints itself (`Node.String`), which execution errors quote: `executing "output" at <.x.y>`.
 *
 * Positions are indexes into the template text (Go's are byte offsets; errors convert).
 */
import { goQuote } from '../../sim/api/goquote.js';

export interface NumberValue {
  readonly isInt: boolean;
  readonly isUint: boolean;
  readonly isFloat: boolean;
  readonly isComplex: boolean;
  /** The integer value (int64 or uint64, whichever the text is). */
  readonly int: number;
  readonly float: number;
  readonly re: number;
  readonly im: number;
}

/** What a list holds: text and actions. */
export type StatementNode =
  | { readonly type: 'text'; readonly pos: number; readonly text: string }
  | { readonly type: 'action'; readonly pos: number; readonly pipe: PipeNode }
  | BranchNode
  | TemplateNode
  | { readonly type: 'break'; readonly pos: number }
  | { readonly type: 'continue'; readonly pos: number };

/** What a command's arguments are (a parenthesized pipeline is a `PipeNode`). */
export type OperandNode =
  | PipeNode
  | { readonly type: 'identifier'; readonly pos: number; readonly ident: string }
  | VariableNode
  | { readonly type: 'dot'; readonly pos: number }
  | { readonly type: 'nil'; readonly pos: number }
  | FieldNode
  | { readonly type: 'chain'; readonly pos: number; readonly node: OperandNode; readonly field: readonly string[] }
  | { readonly type: 'bool'; readonly pos: number; readonly value: boolean }
  | NumberNode
  | { readonly type: 'string'; readonly pos: number; readonly quoted: string; readonly text: string };

/** `{{end}}` and `{{else}}`, which end a list and never stay in the tree. */
export type EndNode = { readonly type: 'end'; readonly pos: number } | { readonly type: 'else'; readonly pos: number };

export type Node = ListNode | StatementNode | CommandNode | OperandNode | EndNode;

export interface ListNode {
  readonly type: 'list';
  readonly pos: number;
  readonly nodes: StatementNode[];
}

export interface PipeNode {
  readonly type: 'pipe';
  readonly pos: number;
  readonly isAssign: boolean;
  readonly decl: VariableNode[];
  readonly cmds: CommandNode[];
}

export interface CommandNode {
  readonly type: 'command';
  readonly pos: number;
  readonly args: OperandNode[];
}

export interface VariableNode {
  readonly type: 'variable';
  readonly pos: number;
  /** The variable's name (with `$`), then the fields read from it. */
  readonly ident: readonly string[];
}

export interface FieldNode {
  readonly type: 'field';
  readonly pos: number;
  readonly ident: readonly string[];
}

export type NumberNode = { readonly type: 'number'; readonly pos: number; readonly text: string } & NumberValue;

/** `if`, `range` and `with`: a pipeline, the list run when it is non-empty, and the `else` list. */
export interface BranchNode {
  readonly type: 'if' | 'range' | 'with';
  readonly pos: number;
  readonly pipe: PipeNode;
  readonly list: ListNode;
  readonly elseList: ListNode | undefined;
}

/** `{{template "name" pipeline}}` (also what a `block` leaves in place). */
export interface TemplateNode {
  readonly type: 'template';
  readonly pos: number;
  readonly name: string;
  readonly pipe: PipeNode | undefined;
}

function pipeString(p: PipeNode): string {
  let s = '';
  if (p.decl.length > 0) s = `${p.decl.map(nodeString).join(', ')}${p.isAssign ? ' = ' : ' := '}`;
  return s + p.cmds.map(nodeString).join(' | ');
}

/** `Node.String()`: the node written back as template text. */
export function nodeString(n: Node): string {
  switch (n.type) {
    case 'list':
      return n.nodes.map(nodeString).join('');
    case 'text':
      return n.text;
    case 'pipe':
      return pipeString(n);
    case 'action':
      return `{{${pipeString(n.pipe)}}}`;
    case 'command':
      return n.args.map((a) => (a.type === 'pipe' ? `(${pipeString(a)})` : nodeString(a))).join(' ');
    case 'identifier':
      return n.ident;
    case 'variable':
      return n.ident.join('.');
    case 'dot':
      return '.';
    case 'nil':
      return 'nil';
    case 'break':
      return '{{break}}';
    case 'continue':
      return '{{continue}}';
    case 'end':
      return '{{end}}';
    case 'else':
      return '{{else}}';
    case 'field':
      return n.ident.map((id) => `.${id}`).join('');
    case 'chain':
      return (n.node.type === 'pipe' ? `(${pipeString(n.node)})` : nodeString(n.node)) + n.field.map((f) => `.${f}`).join('');
    case 'bool':
      return n.value ? 'true' : 'false';
    case 'number':
      return n.text;
    case 'string':
      return n.quoted;
    case 'if':
    case 'range':
    case 'with':
      return `{{${n.type} ${pipeString(n.pipe)}}}${nodeString(n.list)}${n.elseList ? `{{else}}${nodeString(n.elseList)}` : ''}{{end}}`;
    case 'template':
      return `{{template ${goQuote(n.name)}${n.pipe ? ` ${pipeString(n.pipe)}` : ''}}}`;
  }
}
