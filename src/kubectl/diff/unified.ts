/**
 * The hunks of GNU `diff -u` (context 3) between two texts: changes closer than 7 unchanged
 * lines share a hunk; each hunk is `@@ -l,s +l,s @@` (a one-line range prints `l` alone, an
 * empty one the line before it and `,0`), then its lines: context ` `, deletions `-` then
 * insertions `+` for each change, and `\ No newline at end of file` after a last line without
 * one. Identical texts give ''.
 */
import { diffLines, splitLines, type Change } from './line-diff.js';

const CONTEXT = 3;

function range(first: number, last: number): string {
  // `first`/`last`: 0-based, inclusive; printed 1-based.
  if (last < first) return `${last + 1},0`;
  if (last === first) return `${first + 1}`;
  return `${first + 1},${last - first + 1}`;
}

function line(prefix: string, text: string): string {
  return text.endsWith('\n') ? `${prefix}${text}` : `${prefix}${text}\n\\ No newline at end of file\n`;
}

/** Groups the changes into hunks: a change within 2 × CONTEXT lines of the previous one joins its hunk. */
function hunks(changes: readonly Change[]): Change[][] {
  const out: Change[][] = [];
  for (const c of changes) {
    const last = out[out.length - 1];
    const prev = last?.[last.length - 1];
    if (prev && c.line0 - (prev.line0 + prev.deleted) <= 2 * CONTEXT) last!.push(c);
    else out.push([c]);
  }
  return out;
}

export function unifiedHunks(oldText: string, newText: string): string {
  if (oldText === newText) return '';
  const a = splitLines(oldText);
  const b = splitLines(newText);
  let out = '';
  for (const hunk of hunks(diffLines(a, b, CONTEXT))) {
    const first = hunk[0]!;
    const last = hunk[hunk.length - 1]!;
    const first0 = Math.max(0, first.line0 - CONTEXT);
    const first1 = first.line1 - (first.line0 - first0);
    const last0 = Math.min(a.length - 1, last.line0 + last.deleted - 1 + CONTEXT);
    const last1 = last.line1 + last.inserted - 1 + (last0 - (last.line0 + last.deleted - 1));
    out += `@@ -${range(first0, last0)} +${range(first1, last1)} @@\n`;
    let i = first0;
    let j = first1;
    for (const c of hunk) {
      for (; i < c.line0; i++, j++) out += line(' ', a[i]!);
      for (; i < c.line0 + c.deleted; i++) out += line('-', a[i]!);
      for (; j < c.line1 + c.inserted; j++) out += line('+', b[j]!);
    }
    for (; i <= last0; i++) out += line(' ', a[i]!);
  }
  return out;
}
