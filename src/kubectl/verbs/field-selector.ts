/**
 * `--field-selector`: apimachinery `fields.ParseSelector` (terms joined by `,`; `=`, `==`, `!=`)
 * and the field labels each kind's registry supports (`GetAttrs` / `AddFieldLabelConversionFunc`
 * in the pods, nodes, events and namespaces registries; other kinds support only metadata).
 * An unsupported field is the API server's BadRequest `field label not supported: <field>`.
 */
import { NAMESPACED_KINDS, type ApiObject, type Kind } from '../../sim/api/types.js';

export interface FieldTerm {
  readonly field: string;
  readonly op: '=' | '!=';
  readonly value: string;
}

type Getter = (obj: never) => string;

const META: Readonly<Record<string, Getter>> = {
  'metadata.name': (o: ApiObject) => o.metadata.name,
  'metadata.namespace': (o: ApiObject) => o.metadata.namespace ?? '',
};

/** The field labels of each kind, with how to read them from an object. */
const FIELDS: { readonly [K in Kind]?: Readonly<Record<string, Getter>> } = {
  Pod: {
    'spec.nodeName': (p: Extract<ApiObject, { kind: 'Pod' }>) => p.spec.nodeName ?? '',
    'spec.restartPolicy': (p: Extract<ApiObject, { kind: 'Pod' }>) => p.spec.restartPolicy ?? '',
    'spec.schedulerName': (p: Extract<ApiObject, { kind: 'Pod' }>) => p.spec.schedulerName ?? '',
    'spec.serviceAccountName': (p: Extract<ApiObject, { kind: 'Pod' }>) => p.spec.serviceAccountName ?? '',
    'spec.hostNetwork': (p: Extract<ApiObject, { kind: 'Pod' }>) => String(p.spec.hostNetwork === true),
    'status.phase': (p: Extract<ApiObject, { kind: 'Pod' }>) => p.status?.phase ?? '',
    'status.podIP': (p: Extract<ApiObject, { kind: 'Pod' }>) => p.status?.podIP ?? '',
    'status.nominatedNodeName': (p: Extract<ApiObject, { kind: 'Pod' }>) => p.status?.nominatedNodeName ?? '',
  },
  Node: {
    'spec.unschedulable': (n: Extract<ApiObject, { kind: 'Node' }>) => String(n.spec?.unschedulable === true),
  },
  Namespace: {
    'status.phase': (n: Extract<ApiObject, { kind: 'Namespace' }>) => n.status?.phase ?? '',
  },
  Event: {
    'involvedObject.kind': (e: Extract<ApiObject, { kind: 'Event' }>) => e.involvedObject.kind,
    'involvedObject.namespace': (e: Extract<ApiObject, { kind: 'Event' }>) => e.involvedObject.namespace ?? '',
    'involvedObject.name': (e: Extract<ApiObject, { kind: 'Event' }>) => e.involvedObject.name,
    'involvedObject.uid': (e: Extract<ApiObject, { kind: 'Event' }>) => e.involvedObject.uid ?? '',
    'involvedObject.apiVersion': (e: Extract<ApiObject, { kind: 'Event' }>) => e.involvedObject.apiVersion ?? '',
    'involvedObject.resourceVersion': (e: Extract<ApiObject, { kind: 'Event' }>) => e.involvedObject.resourceVersion ?? '',
    'involvedObject.fieldPath': (e: Extract<ApiObject, { kind: 'Event' }>) => e.involvedObject.fieldPath ?? '',
    reason: (e: Extract<ApiObject, { kind: 'Event' }>) => e.reason,
    reportingComponent: (e: Extract<ApiObject, { kind: 'Event' }>) => e.reportingComponent ?? '',
    source: (e: Extract<ApiObject, { kind: 'Event' }>) => e.source?.component ?? '',
    type: (e: Extract<ApiObject, { kind: 'Event' }>) => e.type,
  },
};

/** `fields.ParseSelector`: the terms, or the parse error. */
export function parseFieldSelector(text: string): FieldTerm[] | { error: string } {
  const terms: FieldTerm[] = [];
  for (const part of text.split(',')) {
    if (part === '') continue;
    const m = /^(.*?)(!=|==|=)(.*)$/.exec(part);
    if (!m) return { error: `invalid selector: '${text}'; can't understand '${part}'` };
    terms.push({ field: m[1]!.trim(), op: m[2] === '!=' ? '!=' : '=', value: m[3]!.trim() });
  }
  return terms;
}

/**
 * How to read `field` from objects of `kind`, if the kind supports it. Own entries of the tables
 * only: `constructor` is no field label.
 */
function getterOf(kind: Kind, field: string): ((o: ApiObject) => string) | undefined {
  const fields = FIELDS[kind];
  const get = Object.hasOwn(META, field) ? META[field] : fields && Object.hasOwn(fields, field) ? fields[field] : undefined;
  return get as ((o: ApiObject) => string) | undefined;
}

/** The first term whose field `kind` does not support, as the API server words it. */
export function unsupportedField(kind: Kind, terms: readonly FieldTerm[]): string | undefined {
  const supported = (f: string) => (f === 'metadata.namespace' ? NAMESPACED_KINDS.has(kind) : getterOf(kind, f) !== undefined);
  const bad = terms.find((t) => !supported(t.field));
  return bad ? `field label not supported: ${bad.field}` : undefined;
}

/**
 * Whether `obj` matches every term (all fields must be supported). Each term's getter is looked
 * up, not a table of them built: `kubectl get events` on a 5,000-node fleet asks of 60,000
 * Events, and a table spread for each took half its time and as much again in collections.
 */
export function matchesFields(obj: ApiObject, terms: readonly FieldTerm[]): boolean {
  for (const t of terms) {
    const get = getterOf(obj.kind, t.field);
    const v = get ? get(obj) : '';
    if (t.op === '=' ? v !== t.value : v === t.value) return false;
  }
  return true;
}
