/**
 * The comparison functions of client-go's forked `text/template` (`third_party/forked/golang/
 * template/funcs.go`: `Equal`, `NotEqual`, `Less`, `LessEqual`, `Greater`, `GreaterEqual`), which
 * JSONPath filters (`[?(@.x < 3)]`) call.
 *
 * Only values of the same basic kind compare (bool, int, uint, float, string; ints of either sign
 * compare with each other); maps, lists and nil are "invalid type for comparison", mixed kinds
 * (an int64 field against a float literal) "incompatible types for comparison", and ordering
 * booleans is invalid.
 */
import type { GoValue } from './go-value.js';

type BasicKind = 'bool' | 'int' | 'uint' | 'float' | 'string';

function basicKind(v: GoValue): BasicKind | undefined {
  switch (v.k) {
    case 'bool':
    case 'string':
    case 'float':
      return v.k;
    case 'int':
    case 'int64':
      return 'int';
    case 'uint8':
      return 'uint';
    default:
      return undefined;
  }
}

const BAD_TYPE = 'invalid type for comparison';
const INCOMPATIBLE = 'incompatible types for comparison';

/** Applies a filter operator: a boolean, or the error message upstream returns. */
export function compare(op: string, a: GoValue, b: GoValue): boolean | string {
  // Both operands' kind, or the error upstream's `basicKind` checks return for them.
  const kinds = (): BasicKind | string => {
    const ka = basicKind(a);
    const kb = basicKind(b);
    if (!ka || !kb) return BAD_TYPE;
    if (ka !== kb && !(isInteger(ka) && isInteger(kb))) return INCOMPATIBLE;
    return ka;
  };
  const equal = (): boolean | string => {
    const k = kinds();
    return k === BAD_TYPE || k === INCOMPATIBLE ? k : a.v === b.v;
  };
  const less = (): boolean | string => {
    const k = kinds();
    if (k === BAD_TYPE || k === INCOMPATIBLE) return k;
    if (k === 'bool') return BAD_TYPE;
    return (a.v as number | string) < (b.v as number | string);
  };
  const not = (r: boolean | string): boolean | string => (typeof r === 'string' ? r : !r);
  const lessEqual = (): boolean | string => {
    const l = less();
    return l === true || typeof l === 'string' ? l : equal();
  };
  switch (op) {
    case '<':
      return less();
    case '>':
      return not(lessEqual());
    case '==':
      return equal();
    case '!=':
      return not(equal());
    case '<=':
      return lessEqual();
    case '>=':
      return not(less());
    default:
      return `unrecognized filter operator ${op}`;
  }
}

function isInteger(k: BasicKind): boolean {
  return k === 'int' || k === 'uint';
}
