/**
 * Reads the upstream field descriptions out of a `kubernetes-types` declaration file (its
 * `.d.ts` text, handed in by the host: this module reads no files). kubernetes-types generates
 * every interface from the Kubernetes OpenAPI spec and keeps each description as a doc comment,
 * so the text here is the API's own; the project never retypes it.
 *
 * The files are regular: a doc comment (one line `/** text *\/`, or `/**`, ` * text` lines and
 * ` *\/`) stands right before `export interface Name {`, `export type Name = ...;` or a property
 * line `name?: Type;` inside an interface. A multi-line comment keeps its line breaks (the
 * description's paragraphs); everything else in the file is skipped.
 */

/** The documentation of one interface (a Go struct) or type alias (`Time`, `Quantity`). */
export interface TypeDoc {
  readonly description?: string;
  /** Each property's description, by JSON field name; absent when it has none. */
  readonly fields: Readonly<Record<string, string>>;
}

const DECLARATION = /^export (?:interface|type) (\w+)\b/;
const PROPERTY = /^\s+(?:readonly\s+)?"?([\w$.-]+)"?\??:/;

/** The text of a doc comment given as its lines (`/**` through `*\/`). */
function commentText(lines: readonly string[]): string {
  if (lines.length === 1) return lines[0]!.trim().replace(/^\/\*\*\s?/, '').replace(/\s?\*\/$/, '');
  return lines
    .slice(1, -1)
    .map((l) => l.replace(/^\s*\* ?/, '').replace(/^\s*\*$/, ''))
    .join('\n');
}

/** Every documented interface and type alias of the file, by name. */
export function parseTypeDocs(text: string): Map<string, TypeDoc> {
  const out = new Map<string, TypeDoc>();
  const lines = text.split('\n');
  let pending: string | undefined;
  let current: { fields: Record<string, string> } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim().startsWith('/**')) {
      const start = i;
      while (!lines[i]!.trimEnd().endsWith('*/')) i++;
      pending = commentText(lines.slice(start, i + 1));
      continue;
    }
    const declaration = DECLARATION.exec(line);
    if (declaration) {
      const fields: Record<string, string> = {};
      out.set(declaration[1]!, pending === undefined ? { fields } : { description: pending, fields });
      current = line.trimEnd().endsWith('{') ? { fields } : undefined;
    } else if (current && line.startsWith('}')) current = undefined;
    else if (current && pending !== undefined) {
      const property = PROPERTY.exec(line);
      if (property) current.fields[property[1]!] = pending;
    }
    pending = undefined;
  }
  return out;
}
