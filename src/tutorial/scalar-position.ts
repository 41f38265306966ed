/**
 * Where a character of a YAML scalar's value sits in the file. Scripts and invariant expressions
 * live in lesson.yaml as scalars (plain, quoted, `|` or `>-` blocks); their own parsers report
 * an index into the value, which this maps back to the file so the error names lesson.yaml's
 * line and column.
 *
 * How: a scalar's value is its source with characters removed (quotes, indentation, the block
 * header, escape backslashes) and line breaks folded to spaces. Walking both in step and taking,
 * for each value character, the next source character that equals it (a value space or newline
 * also matches a source line break) recovers the position exactly for every style lessons use.
 * Assumptions: `start` is the offset of the scalar's first source character (the node's range[0]).
 */
export function scalarOffset(source: string, start: number, end: number, value: string, index: number): number {
  let at = start;
  // A block scalar's header (`|`, `>-`, `|2`) is not part of the value.
  if (source[at] === '|' || source[at] === '>') {
    const nl = source.indexOf('\n', at);
    at = nl < 0 ? end : nl + 1;
  }
  for (let i = 0; i < value.length && at < end; i++) {
    const c = value[i]!;
    let found = at;
    while (found < end && !matches(c, source[found]!)) found++;
    if (found >= end) return at;
    if (i === index) return found;
    at = found + 1;
  }
  return Math.min(at, end);
}

function matches(valueChar: string, sourceChar: string): boolean {
  if (valueChar === sourceChar) return true;
  return (valueChar === ' ' || valueChar === '\n') && (sourceChar === '\n' || sourceChar === ' ');
}
