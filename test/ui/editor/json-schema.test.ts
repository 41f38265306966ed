import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { decodeObject, isSupportedKind, parseManifests } from '../../../src/manifest/index.js';
import { parseScript } from '../../../src/kubectl/script.js';
import { manifestJsonSchema } from '../../../src/ui/editor/json-schema.js';
import { DS_YAML } from '../../kubectl/verbs/mutating-fixture.js';

const schema = manifestJsonSchema();
const validate = new Ajv({ allErrors: true, strict: false, formats: { 'date-time': true } }).compile(schema);
const object = (text: string) => parseManifests(text, 'x.yaml').docs[0]!.object;

type Found = { where: string; object: Record<string, unknown> };
let found: Found[] | undefined;

/** Every manifest the behaviour scenarios feed to kubectl on stdin (read once). */
function scenarioManifests(): Found[] {
  return (found ??= readScenarioManifests());
}

function readScenarioManifests(): Found[] {
  const root = join(__dirname, '../../scenarios');
  const out: Found[] = [];
  for (const name of readdirSync(root)) {
    let script: unknown;
    try {
      script = (parse(readFileSync(join(root, name, 'scenario.yaml'), 'utf8')) as { script?: unknown }).script;
    } catch {
      continue;
    }
    if (typeof script !== 'string') continue;
    const parsed = parseScript(script);
    if ('error' in parsed) continue;
    for (const cmd of parsed.commands) {
      if (cmd.stdin === undefined) continue;
      for (const doc of parseManifests(cmd.stdin, 'STDIN').docs) out.push({ where: `${name}: ${cmd.text}`, object: doc.object });
    }
  }
  return out;
}

describe('manifestJsonSchema', () => {
  it('accepts the example DaemonSet and offers each kind its own fields', () => {
    expect(validate(object(DS_YAML))).toBe(true);
    expect(schema.definitions!['DaemonSet']!.properties!['spec']).toEqual({ $ref: '#/definitions/v1.DaemonSetSpec' });
    expect(Object.keys(schema.definitions!['v1.DaemonSetSpec']!.properties!).sort()).toEqual(
      ['minReadySeconds', 'revisionHistoryLimit', 'selector', 'template', 'updateStrategy'],
    );
  });

  it('rejects what the strict decoder rejects: unknown fields and wrong types', () => {
    expect(validate(object(DS_YAML.replace('spec:\n  selector', 'spec:\n  replicas: 3\n  selector')))).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'additionalProperties', params: { additionalProperty: 'replicas' }, instancePath: '/spec' });
    expect(validate(object(DS_YAML.replace('  template:\n', '  minReadySeconds: "five"\n  template:\n')))).toBe(false);
    expect(validate(object(DS_YAML.replace('  template:\n', '  minReadySeconds: 3000000000\n  template:\n')))).toBe(false);
  });

  it('takes IntOrString and Quantity as either JSON type, and null for a value left empty', () => {
    const ds = DS_YAML.replace('spec:\n  selector', 'spec:\n  updateStrategy:\n    rollingUpdate:\n      maxSurge: 25%\n      maxUnavailable: 0\n  selector');
    expect(validate(object(ds))).toBe(true);
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels:\nspec:\n  containers:\n  - name: c\n    image: i\n    resources:\n      requests: {cpu: 100m, memory: 1}\n';
    expect(validate(object(pod))).toBe(true);
  });

  it('requires the kind and ties apiVersion to it', () => {
    expect(validate(object('apiVersion: v1\nkind: DaemonSet\nmetadata: {name: x}\n'))).toBe(false);
    expect(validate(object('apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n'))).toBe(true);
    expect(validate({ apiVersion: 'v1', metadata: { name: 'x' } })).toBe(false);
  });

  it('reads a List as a list of such objects', () => {
    const list = { apiVersion: 'v1', kind: 'List', items: [object(DS_YAML), { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x' }, extra: 1 }] };
    expect(validate(list)).toBe(false);
    list.items.pop();
    expect(validate(list)).toBe(true);
  });

  it('never suggests status, and puts the field docs in descriptions', () => {
    const described = manifestJsonSchema((go, field) => (go === 'v1.DaemonSetSpec' && field === 'minReadySeconds' ? 'The minimum seconds.' : undefined));
    expect(described.definitions!['v1.DaemonSetSpec']!.properties!['minReadySeconds']).toMatchObject({ description: 'The minimum seconds.' });
    expect(described.definitions!['DaemonSet']!.properties!['status']).toMatchObject({ doNotSuggest: true });
  });

  it('accepts every scenario manifest the API server decodes without error (no false alarms)', () => {
    const manifests = scenarioManifests().filter(({ object: o }) => isSupportedKind(o['apiVersion'], o['kind']));
    expect(manifests.length).toBeGreaterThan(100);
    const falseAlarms: string[] = [];
    let decodable = 0;
    for (const { where, object: o } of manifests) {
      if (decodeObject(o, 'strict').error !== undefined) continue;
      decodable++;
      if (!validate(o)) falseAlarms.push(`${where}: ${JSON.stringify(validate.errors?.[0])}`);
    }
    expect(decodable).toBeGreaterThan(100);
    expect(falseAlarms).toEqual([]);
  });

  it('rejects every scenario manifest with a field the decoder does not know', () => {
    const unknown = scenarioManifests().filter(({ object: o }) => isSupportedKind(o['apiVersion'], o['kind']) && decodeObject(o, 'strict').unknownFields.length > 0);
    expect(unknown.length).toBeGreaterThan(3);
    expect(unknown.filter(({ object: o }) => validate(o)).map(({ where }) => where)).toEqual([]);
  });
});
