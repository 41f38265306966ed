/**
 * `kubectl describe` of a kind without its own describer (events, controllerrevisions):
 * describe.go's `genericDescriber` with `printUnstructuredContent` (every field, sorted, under a
 * "smart" label: `involvedObject` -> `Involved Object`, `apiVersion` -> `API Version`).
 */
import type { ApiObject } from '../../../sim/api/types.js';
import type { Store } from '../../../sim/store/store.js';
import { goFmtV, goValue } from '../../format/go-value.js';
import { byteOrder } from '../go-format.js';
import { describeEvents, type EventSearch } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline.js';
import { LEVEL_0, tabbedString, type PrefixWriter } from './writer.js';

const SKIP = ['.metadata.managedFields', '.metadata.name', '.metadata.namespace', '.metadata.labels', '.metadata.annotations'];
const ACRONYMS = ['API', 'URL', 'UID', 'GUID'];

/** `camelcase.Split`: runs of lower, upper, digit and other characters; `HTTPServer` -> HTTP, Server. */
function camelSplit(s: string): string[] {
  const cls = (c: string) => (/\p{Ll}/u.test(c) ? 1 : /\p{Lu}/u.test(c) ? 2 : /\p{Nd}/u.test(c) ? 3 : 4);
  const runs: string[][] = [];
  let last = 0;
  for (const c of s) {
    const k = cls(c);
    if (k === last) runs[runs.length - 1]!.push(c);
    else runs.push([c]);
    last = k;
  }
  for (let i = 0; i < runs.length - 1; i++) {
    if (cls(runs[i]![0]!) === 2 && cls(runs[i + 1]![0]!) === 1) runs[i + 1]!.unshift(runs[i]!.pop()!);
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(''));
}

/** `smartLabelFor`. */
export function smartLabel(field: string): string {
  if ([...field].some((c) => !/\p{L}/u.test(c) && c !== '-')) return field;
  const parts = camelSplit(field);
  const merged: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    const allUpper = [...part].every((c) => !/\p{L}/u.test(c) || /\p{Lu}/u.test(c));
    if (next !== undefined && part.length >= 2 && allUpper && /^\p{Lu}/u.test(next)) {
      merged.push(part + next);
      i++;
    } else merged.push(part);
  }
  return merged
    .filter((p) => p !== '_')
    .map((p) => (ACRONYMS.includes(p.toUpperCase()) ? p.toUpperCase() : p.toLowerCase() === p ? p.charAt(0).toUpperCase() + p.slice(1) : p))
    .join(' ');
}

function printContent(w: PrefixWriter, level: number, content: Readonly<Record<string, unknown>>, prefix: string): void {
  for (const field of Object.keys(content).sort(byteOrder)) {
    const value = content[field];
    const path = `${prefix}.${field}`;
    if (value === undefined || SKIP.includes(path)) continue;
    if (Array.isArray(value)) {
      w.write(level, `${smartLabel(field)}:\n`);
      for (const child of value) {
        if (child !== null && typeof child === 'object' && !Array.isArray(child)) printContent(w, level + 1, child as Record<string, unknown>, path);
        else w.write(level + 1, `${goFmtV(goValue(child))}\n`);
      }
    } else if (value !== null && typeof value === 'object') {
      w.write(level, `${smartLabel(field)}:\n`);
      printContent(w, level + 1, value as Record<string, unknown>, path);
    } else w.write(level, `${smartLabel(field)}:\t${goFmtV(goValue(value))}\n`);
  }
}

export function describeGeneric(store: Store, obj: ApiObject, now: number, search: EventSearch | undefined): string {
  const events = search?.about({ name: obj.metadata.name, namespace: obj.metadata.namespace ?? '', kind: obj.kind, uids: [obj.metadata.uid] });
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${obj.metadata.name}\n`);
    w.write(LEVEL_0, `Namespace:\t${obj.metadata.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', obj.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', obj.metadata.annotations);
    printContent(w, LEVEL_0, obj as unknown as Record<string, unknown>, '');
    describeEvents(events, w, now);
  });
}
