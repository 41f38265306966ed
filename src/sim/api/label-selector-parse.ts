/**
 * `kubectl -l` selector strings: apimachinery `labels.Parse` (its `Lexer` and `Parser`).
 *
 * Grammar: requirements separated by ','; each is `key`, `!key`, `key=v`, `key==v`, `key!=v`,
 * `key in (a,b)`, `key notin (a)`, `key>1`, `key<1`. Values may be empty (`key=`, `key in ()`).
 * Errors are upstream's words (`unable to parse requirement: <nil>: Invalid value: "app:": name
 * part must consist of ...`, `found ',', expected: identifier`).
 * Requirements come back sorted by key, as `labels.Parse` sorts them.
 */
import type { Labels } from './types.js';
import { isQualifiedName } from './name-validation.js';
import {
  compareStrings,
  invalidValue,
  newRequirement,
  requirementMatches,
  requirementString,
  type Requirement,
  type SelectionOperator,
} from './label-requirement.js';

export interface ParsedSelector {
  readonly requirements: readonly Requirement[];
  /** Every requirement matches (true for the empty selector). */
  readonly matches: (labels: Labels | undefined) => boolean;
  /** `Selector.String()`: the canonical text, '' for the empty selector. */
  readonly text: string;
}

type Token =
  | 'error'
  | 'end'
  | ')'
  | ','
  | '!'
  | '=='
  | '='
  | '>'
  | 'identifier'
  | 'in'
  | '<'
  | '!='
  | 'notin'
  | '(';

interface Item {
  readonly tok: Token;
  readonly lit: string;
}

const LITERAL_TOKENS: Readonly<Record<string, Token>> = {
  ')': ')',
  ',': ',',
  '!': '!',
  '==': '==',
  '=': '=',
  '>': '>',
  in: 'in',
  '<': '<',
  '!=': '!=',
  notin: 'notin',
  '(': '(',
};

const isWhitespace = (ch: string): boolean => ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
const isSpecial = (ch: string): boolean => '=!(),><'.includes(ch) && ch !== '';

/** The `Lexer`: turns the text into tokens, ending with 'end'. */
function lex(s: string): Item[] {
  const items: Item[] = [];
  let pos = 0;
  const read = (): string => (pos < s.length ? s[pos++]! : '');
  for (;;) {
    let ch = read();
    while (isWhitespace(ch)) ch = read();
    if (ch === '') {
      items.push({ tok: 'end', lit: '' });
      return items;
    }
    pos--;
    if (isSpecial(ch)) {
      let buffer = '';
      let last: Item | undefined;
      for (;;) {
        const c = read();
        if (c === '') break;
        if (!isSpecial(c)) {
          pos--;
          break;
        }
        buffer += c;
        const tok = LITERAL_TOKENS[buffer];
        if (tok !== undefined) last = { tok, lit: buffer };
        else if (last !== undefined) {
          pos--;
          break;
        }
      }
      items.push(last ?? { tok: 'error', lit: `error expected: keyword found '${buffer}'` });
    } else {
      let buffer = '';
      for (;;) {
        const c = read();
        if (c === '') break;
        if (isSpecial(c) || isWhitespace(c)) {
          pos--;
          break;
        }
        buffer += c;
      }
      items.push({ tok: LITERAL_TOKENS[buffer] ?? 'identifier', lit: buffer });
    }
  }
}

class ParseError extends Error {}

/** The recursive-descent `Parser` over the lexed tokens. */
class Parser {
  private position = 0;
  constructor(private readonly items: readonly Item[]) {}

  /** In the Values context 'in' and 'notin' are plain identifiers. */
  private lookahead(values: boolean): Item {
    return asContext(this.items[this.position]!, values);
  }

  private consume(values: boolean): Item {
    return asContext(this.items[this.position++]!, values);
  }

  parse(): Requirement[] {
    const reqs: Requirement[] = [];
    for (;;) {
      const { tok, lit } = this.lookahead(true);
      if (tok === 'identifier' || tok === '!') {
        reqs.push(this.parseRequirement());
        const next = this.consume(true);
        if (next.tok === 'end') return reqs;
        if (next.tok !== ',') throw new ParseError(`found '${next.lit}', expected: ',' or 'end of string'`);
        const after = this.lookahead(true);
        if (after.tok !== 'identifier' && after.tok !== '!') throw new ParseError(`found '${after.lit}', expected: identifier after ','`);
      } else if (tok === 'end') {
        return reqs;
      } else {
        throw new ParseError(`found '${lit}', expected: !, identifier, or 'end of string'`);
      }
    }
  }

  private parseRequirement(): Requirement {
    try {
      const { key, operator } = this.parseKeyAndInferOperator();
      if (operator === 'exists' || operator === '!') return checked(newRequirement(key, operator, []));
      const op = this.parseOperator();
      const values = op === 'in' || op === 'notin' ? this.parseValues() : this.parseExactValue();
      return checked(newRequirement(key, op, [...values].sort(compareStrings)));
    } catch (e) {
      if (e instanceof ParseError) throw new ParseError(`unable to parse requirement: ${e.message}`);
      throw e;
    }
  }

  private parseKeyAndInferOperator(): { key: string; operator: SelectionOperator | undefined } {
    let operator: SelectionOperator | undefined;
    let item = this.consume(true);
    if (item.tok === '!') {
      operator = '!';
      item = this.consume(true);
    }
    if (item.tok !== 'identifier') throw new ParseError(`found '${item.lit}', expected: identifier`);
    const keyErrs = isQualifiedName(item.lit);
    if (keyErrs.length > 0) throw new ParseError(invalidValue('<nil>', item.lit, keyErrs.join('; ')));
    const next = this.lookahead(true).tok;
    if ((next === 'end' || next === ',') && operator !== '!') operator = 'exists';
    return { key: item.lit, operator };
  }

  private parseOperator(): SelectionOperator {
    const { tok, lit } = this.consume(false);
    switch (tok) {
      case 'in':
        return 'in';
      case '=':
        return '=';
      case '==':
        return '==';
      case '>':
        return 'gt';
      case '<':
        return 'lt';
      case 'notin':
        return 'notin';
      case '!=':
        return '!=';
      default:
        throw new ParseError(`found '${lit}', expected: in, notin, =, ==, !=, gt, lt`);
    }
  }

  private parseValues(): Set<string> {
    const open = this.consume(true);
    if (open.tok !== '(') throw new ParseError(`found '${open.lit}' expected: '('`);
    const { tok, lit } = this.lookahead(true);
    if (tok === 'identifier' || tok === ',') {
      const set = this.parseIdentifiersList();
      if (this.consume(true).tok !== ')') throw new ParseError(`found '${lit}', expected: ')'`);
      return set;
    }
    if (tok === ')') {
      this.consume(true);
      return new Set(['']);
    }
    throw new ParseError(`found '${lit}', expected: ',', ')' or identifier`);
  }

  private parseIdentifiersList(): Set<string> {
    const set = new Set<string>();
    for (;;) {
      const { tok, lit } = this.consume(true);
      if (tok === 'identifier') {
        set.add(lit);
        const next = this.lookahead(true);
        if (next.tok === ',') continue;
        if (next.tok === ')') return set;
        throw new ParseError(`found '${next.lit}', expected: ',' or ')'`);
      } else if (tok === ',') {
        if (set.size === 0) set.add('');
        const next = this.lookahead(true).tok;
        if (next === ')') {
          set.add('');
          return set;
        }
        if (next === ',') {
          this.consume(true);
          set.add('');
        }
      } else {
        throw new ParseError(`found '${lit}', expected: ',', or identifier`);
      }
    }
  }

  private parseExactValue(): Set<string> {
    const next = this.lookahead(true).tok;
    if (next === 'end' || next === ',') return new Set(['']);
    const { tok, lit } = this.consume(true);
    if (tok === 'identifier') return new Set([lit]);
    throw new ParseError(`found '${lit}', expected: identifier`);
  }
}

function asContext(item: Item, values: boolean): Item {
  return values && (item.tok === 'in' || item.tok === 'notin') ? { tok: 'identifier', lit: item.lit } : item;
}

function checked(r: Requirement | { error: string }): Requirement {
  if ('error' in r) throw new ParseError(r.error);
  return r;
}

/** `labels.Parse`: the parsed selector, or upstream's error message. */
export function parseSelector(text: string): ParsedSelector | { error: string } {
  let requirements: Requirement[];
  try {
    requirements = new Parser(lex(text)).parse();
  } catch (e) {
    if (e instanceof ParseError) return { error: e.message };
    throw e;
  }
  requirements.sort((a, b) => compareStrings(a.key, b.key));
  return {
    requirements,
    matches: (labels) => requirements.every((r) => requirementMatches(r, labels)),
    text: requirements.map(requirementString).join(','),
  };
}
