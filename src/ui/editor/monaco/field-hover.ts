/**
 * The editor's hover over a manifest field: what `kubectl explain KIND.PATH` says about it, from
 * the same lookup (`fieldDoc`) and the same field docs. monaco.ts loads this module, the YAML
 * reader and the field docs only on the first hover.
 *
 *   spec.updateStrategy.rollingUpdate.maxSurge in a DaemonSet ->
 *     **DaemonSet** `spec.updateStrategy.rollingUpdate.maxSurge` `<IntOrString>`
 *     The maximum number of nodes with an existing available DaemonSet pod that ... (upstream)
 *     `kubectl explain daemonset.spec.updateStrategy.rollingUpdate.maxSurge`
 *
 * Nothing shows for a field the kind does not have (the marker there says why) or outside a kind.
 */
import type * as M from 'monaco-editor/editor';
import type { FieldDocs } from '../../../kubectl/explain/field-docs.js';
import { fieldDoc, type FieldDoc } from '../../../kubectl/explain/field-doc.js';
import { fieldPathAt } from '../../../manifest/path-at.js';

/** What a hover shows, with the offsets of the key it is about. */
export interface FieldHover {
  readonly start: number;
  readonly end: number;
  readonly contents: readonly M.IMarkdownString[];
}

/** Upstream descriptions are plain text: every Markdown punctuation mark is taken literally. */
function plain(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, '\\$&');
}

/** kubectl explain's facts about a field, in Markdown: kind, path and type, enum, descriptions, the command. */
export function hoverMarkdown(doc: FieldDoc): string[] {
  const field = doc.path.join('.');
  const head = `**${doc.kind}**${field ? ` \`${field}\`` : ''} \`<${doc.type}>\`${doc.required ? ' -required-' : ''}`;
  return [
    head,
    ...(doc.enum ? [`ENUM: ${doc.enum.map((v) => (v === '' ? '""' : v)).join(', ')}`] : []),
    ...[doc.description, doc.typeDescription].filter((d): d is string => d !== undefined).map(plain),
    `\`kubectl explain ${[doc.kind.toLowerCase(), ...doc.path].join('.')}\``,
  ];
}

/** The hover at `offset` of a manifest's text, or undefined where there is no known field. */
export function fieldHover(docs: FieldDocs | undefined, text: string, offset: number): FieldHover | undefined {
  const at = fieldPathAt(text, offset);
  if (!at?.kind) return undefined;
  const doc = fieldDoc(docs, at.kind, at.path);
  if (!doc) return undefined;
  return { start: at.start, end: at.end, contents: hoverMarkdown(doc).map((value) => ({ value })) };
}
