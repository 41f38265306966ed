/**
 * Per-line marks of one file for the line diff: `Uint8Array`s with a zero sentinel before the
 * first line and after the last, so scans may step one past either end (line `i` lives at
 * index `i + 1`). A mark is 1 for a changed (deleted or inserted) line.
 */
export type Marks = Uint8Array;

export function newMarks(lines: number): Marks {
  return new Uint8Array(lines + 2);
}

export function marked(m: Marks, line: number): boolean {
  return m[line + 1] !== 0;
}

export function mark(m: Marks, line: number, on: boolean): void {
  m[line + 1] = on ? 1 : 0;
}
