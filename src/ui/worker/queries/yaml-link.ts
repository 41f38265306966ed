/**
 * Links a verdict to the YAML line that caused it: finds the editor file holding the DaemonSet's
 * manifest, then the first of the verdict's field paths written there (most specific first), else
 * the manifest's first line. Files are parsed with the manifest layer's own positions, once per
 * text.
 */
import { parseManifests } from '../../../manifest/index.js';
import type { ParseResult } from '../../../manifest/types.js';

export interface YamlLink {
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** The path found there (absent when only the manifest was found). */
  readonly path?: string;
}

const parsed = new Map<string, ParseResult>();
const KEEP = 32;

function parse(name: string, text: string): ParseResult {
  const key = `${name}\u0000${text}`;
  let r = parsed.get(key);
  if (!r) {
    r = parseManifests(text, name);
    if (parsed.size >= KEEP) parsed.delete(parsed.keys().next().value!);
    parsed.set(key, r);
  }
  return r;
}

export function yamlLink(files: Readonly<Record<string, string>>, ds: { readonly namespace: string; readonly name: string }, fields: readonly string[]): YamlLink | undefined {
  for (const [file, text] of Object.entries(files)) {
    for (const doc of parse(file, text).docs) {
      const o = doc.object as { kind?: unknown; metadata?: { name?: unknown; namespace?: unknown } };
      if (o.kind !== 'DaemonSet' || o.metadata?.name !== ds.name || (o.metadata.namespace ?? 'default') !== ds.namespace) continue;
      for (const path of fields) {
        const at = doc.pathRange(path);
        if (at) return { file, line: at.line, path };
      }
      return { file, line: doc.range.line };
    }
  }
  return undefined;
}
