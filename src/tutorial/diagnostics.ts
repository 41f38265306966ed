/**
 * What is wrong with a lesson, and where: every problem the parser, the expression grammar or
 * the proof finds is a Diagnostic naming a file of the lesson folder, a 1-based line and column,
 * and a message. Printed as `file:line:column: message`, the form editors and terminals link.
 */
export interface Diagnostic {
  /** Path relative to the lesson folder (`lesson.yaml`, `start/log-agent.yaml`). */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** `file:line:column: message`, with `prefix` (the lesson folder) joined to the file. */
export function formatDiagnostic(d: Diagnostic, prefix = ''): string {
  const file = prefix === '' ? d.file : `${prefix.replace(/\/+$/, '')}/${d.file}`;
  return `${file}:${d.line}:${d.column}: ${d.message}`;
}

/** Diagnostics in file, line, column order (a stable report whatever order they were found in). */
export function sortDiagnostics(ds: readonly Diagnostic[]): Diagnostic[] {
  return [...ds].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
}

/** The 1-based line and column of an offset in a text. */
export function positionIn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const nl = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: offset - nl };
}
