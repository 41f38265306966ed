/**
 * kubectl explain's output for OpenAPI v3 (kubectl `pkg/explain/v2/templates/plaintext.tmpl`:
 * the main template and its `output`, `fieldList`, `fieldDetail`, `description`, `typeGuess` and
 * `extractEnum` templates) over the manifest schema, with the descriptions of field-docs.ts:
 *
 *   GROUP:      apps                      (not for the core group)
 *   KIND:       DaemonSet
 *   VERSION:    v1
 *
 *   FIELD: maxSurge <IntOrString>         (when a field was asked for; ENUM: lines follow)
 *
 *   DESCRIPTION:
 *       text wrapped at 76, indented 4
 *
 *   FIELDS:
 *     name	<type> -required-
 *     enum: A, B, C, D, ....
 *       description wrapped at 78 - indent
 *
 * Fields are sorted by name, as Go templates range over a map. --recursive lists the nested
 * fields, indented two spaces a level, without descriptions. A field kubernetes-types has no
 * description for shows its type alone.
 */
import type { FieldType, KindSchema } from '../../manifest/index.js';
import type { FieldDocs } from './field-docs.js';
import { element, enumOf, fieldDescription, isRequired, typeDescription, typeText, type Found } from './model.js';
import { wrapString } from './wordwrap.js';

/** The template's `indent`: every line of `text` led by `amount` spaces. */
function indent(amount: number, text: string): string {
  const pad = ' '.repeat(amount);
  return pad + text.replace(/\n/g, `\n${pad}`);
}

/** The descriptions that exist, in order (the template's `description` prints each with a newline). */
function present(texts: readonly (string | undefined)[]): string[] {
  return texts.filter((t): t is string => t !== undefined);
}

/** `extractEnum` in the list view: `enum: A, B, C, D, ....` on its own line. */
function shortEnum(values: readonly string[] | undefined, indentAmount: number): string {
  if (!values) return '';
  const shown = values.slice(0, 4).map((v) => (v === '' ? '""' : v));
  return `\n${' '.repeat(indentAmount)}enum: ${shown.join(', ')}${values.length > 4 ? ', ....' : ''}`;
}

/** `fieldList`: the fields of the struct `t` leads to, at `level`, and with `recursive` their fields. */
function fieldList(docs: FieldDocs | undefined, t: FieldType, level: number, recursive: boolean): string {
  const holder = element(t);
  if (holder.t !== 'struct') return '';
  let out = '';
  for (const name of Object.keys(holder.fields).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const field = holder.fields[name]!;
    const indentAmount = level * 2;
    out += `${indent(indentAmount, name)}\t<${typeText(field)}>${isRequired(holder, name) ? ' -required-' : ''}${shortEnum(enumOf(field), indentAmount)}\n`;
    if (recursive) out += fieldList(docs, field, level + 1, true);
    else {
      const text = fieldDescription(docs, holder, name);
      out += `${text === undefined ? '' : `${indent(indentAmount + 2, wrapString(text, 78 - indentAmount))}\n`}\n`;
    }
  }
  return out;
}

/** `output` at the end of the path: DESCRIPTION, then FIELDS when the type has any. */
function body(docs: FieldDocs | undefined, t: FieldType, descriptions: readonly string[], recursive: boolean): string {
  const text = descriptions.length > 0 ? descriptions.map((d) => `${d}\n`).join('') : '<empty>';
  const fields = fieldList(docs, t, 1, recursive);
  return `DESCRIPTION:\n${indent(4, wrapString(text, 76))}\n${fields ? `FIELDS:\n${fields}` : ''}`;
}

/** The whole explanation of `kind`, or of the field `found` on a path in it. */
export function explainText(docs: FieldDocs | undefined, kind: KindSchema, found: Found | undefined, recursive: boolean): string {
  let out = `${kind.group ? `GROUP:      ${kind.group}\n` : ''}KIND:       ${kind.kind}\nVERSION:    ${kind.version}\n\n`;
  if (!found) return `${out}${body(docs, kind.type, present([typeDescription(docs, kind.type)]), recursive)}\n`;
  const values = enumOf(found.type);
  out += `FIELD: ${found.name} <${typeText(found.type)}>\n${values ? `ENUM:${values.map((v) => `\n    ${v === '' ? '""' : v}`).join('')}` : ''}\n\n`;
  const own = fieldDescription(docs, found.parent, found.name);
  return `${out}${body(docs, found.type, present([own, typeDescription(docs, found.type)]), recursive)}\n`;
}
