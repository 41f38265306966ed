/**
 * Regular expressions in checks (`message:`, `stdout:`, `matches:`): JavaScript syntax, no flags,
 * matched anywhere in the text unless anchored (`^` and `$` are the start and end of the whole
 * text). A regex that does not compile is reported at its line. A regex is data, not code: it
 * only ever matches text.
 */
import type { MapReader } from '../yaml-reader.js';

/** The compiled regex, undefined when absent, null when invalid (already reported). */
export function readRegex(r: MapReader, key: string): RegExp | undefined | null {
  const s = r.string(key);
  if (!s) return r.has(key) ? null : undefined;
  return compileRegex(r, s.value, s.node, key);
}

export function compileRegex(r: MapReader, text: string, node: Parameters<MapReader['src']['error']>[0], key: string): RegExp | null {
  try {
    return new RegExp(text);
  } catch (e) {
    r.src.error(node, `${r.what}: "${key}" is not a valid regular expression: ${(e as Error).message}`);
    return null;
  }
}
