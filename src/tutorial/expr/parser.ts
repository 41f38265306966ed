/**
 * Parses an invariant expression (notation and EBNF in docs/lesson-format.md):
 *
 *   expression = and { "||" and } ;        and = not { "&&" not } ;
 *   not        = "!" not | comparison ;     comparison = primary [ op primary ] ;
 *   primary    = number | string | "true" | "false" | "(" expression ")" | call ;
 *   call       = helper "(" args ")" { "." word } ;
 *
 * Recursive descent over the text with one cursor; every error names the offset where it was
 * found. Types are checked here (comparisons of like types, `<` on numbers, `!`/`&&`/`||` on
 * booleans, a boolean overall), so evaluation cannot fail. Helper arguments are read raw (a
 * selector like `app=log-agent` or `tier in (a,b)` is not tokenised) by helpers.ts.
 */
import type { CompareOp, Expr, ExprError, ValueType } from './ast.js';
import { parseCall } from './helpers.js';

const COMPARE: readonly CompareOp[] = ['==', '!=', '<=', '>=', '<', '>'];

class Fail extends Error {
  constructor(readonly at: number, message: string) {
    super(message);
  }
}

export function parseExpression(text: string): Expr | ExprError {
  const p = new Parser(text);
  try {
    const e = p.expression();
    p.skip();
    if (p.pos < text.length) throw new Fail(p.pos, `unexpected "${text.slice(p.pos, p.pos + 12)}": expected &&, || or the end`);
    if (e.type !== 'boolean') throw new Fail(e.at, `the expression is a ${e.type}; an invariant must be true or false (compare it: ... == ..., ... <= ...)`);
    return e;
  } catch (err) {
    if (err instanceof Fail) return { error: err.message, at: err.at };
    throw err;
  }
}

class Parser {
  pos = 0;
  constructor(readonly text: string) {}

  skip(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }

  private eat(tok: string): boolean {
    this.skip();
    if (!this.text.startsWith(tok, this.pos)) return false;
    this.pos += tok.length;
    return true;
  }

  expression(): Expr {
    return this.binary('||', () => this.binary('&&', () => this.not()));
  }

  /** `operand { op operand }`, left-associative, booleans on both sides. */
  private binary(op: '||' | '&&', operand: () => Expr): Expr {
    let left = operand();
    for (;;) {
      const at = (this.skip(), this.pos);
      if (!this.eat(op)) return left;
      const right = operand();
      this.wantBoolean(left, op);
      this.wantBoolean(right, op);
      left = { op, at, type: 'boolean', left, right };
    }
  }

  private not(): Expr {
    this.skip();
    const at = this.pos;
    if (this.text[at] === '!' && this.text[at + 1] !== '=') {
      this.pos++;
      const arg = this.not();
      this.wantBoolean(arg, '!');
      return { op: '!', at, type: 'boolean', arg };
    }
    return this.comparison();
  }

  private comparison(): Expr {
    const left = this.primary();
    this.skip();
    const at = this.pos;
    const op = COMPARE.find((o) => this.text.startsWith(o, at));
    if (!op) return left;
    this.pos += op.length;
    const right = this.primary();
    if (left.type !== right.type) throw new Fail(at, `${op} compares a ${left.type} with a ${right.type}`);
    if (op !== '==' && op !== '!=' && left.type !== 'number') throw new Fail(at, `${op} compares numbers, not ${left.type}s`);
    return { op, at, type: 'boolean', left, right };
  }

  private primary(): Expr {
    this.skip();
    const at = this.pos;
    const c = this.text[at];
    if (c === undefined) throw new Fail(at, 'the expression ends early: expected a value');
    if (c === '(') {
      this.pos++;
      const e = this.expression();
      if (!this.eat(')')) throw new Fail(this.pos, 'expected ")"');
      return e;
    }
    if (c === '"' || c === "'") {
      const end = this.text.indexOf(c, at + 1);
      if (end < 0) throw new Fail(at, 'unterminated string');
      this.pos = end + 1;
      return { op: 'literal', at, type: 'string', value: this.text.slice(at + 1, end) };
    }
    const num = /^-?\d+(\.\d+)?/.exec(this.text.slice(at));
    if (num) {
      this.pos += num[0].length;
      return { op: 'literal', at, type: 'number', value: Number(num[0]) };
    }
    const word = /^[A-Za-z][A-Za-z0-9]*/.exec(this.text.slice(at));
    if (!word) throw new Fail(at, `unexpected "${c}": expected a number, a string, a helper such as ds(...) or "("`);
    this.pos += word[0].length;
    if (word[0] === 'true' || word[0] === 'false') return { op: 'literal', at, type: 'boolean', value: word[0] === 'true' };
    const call = parseCall(word[0], this.text, at, this.pos);
    if ('error' in call) throw new Fail(call.at, call.error);
    this.pos = call.end;
    return { op: 'call', at, type: call.type, call: call.call, text: this.text.slice(at, call.end) };
  }

  private wantBoolean(e: Expr, op: string): void {
    if (e.type !== 'boolean') throw new Fail(e.at, `${op} needs true or false on each side, not a ${e.type as ValueType}`);
  }
}

export type { ExprError };
