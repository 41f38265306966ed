/** The field documentation built from the installed kubernetes-types, pruned to the modelled schema. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { nodeFieldDocs } from '../../../src/cli/field-docs.js';
import { buildFieldDocs, FIELD_DOC_FILES, schemaTypeNames } from '../../../src/kubectl/explain/field-docs.js';
import { parseTypeDocs } from '../../../src/kubectl/explain/dts-docs.js';
import { isRequired } from '../../../src/kubectl/explain/model.js';
import { KIND_SCHEMAS, type FieldType } from '../../../src/manifest/index.js';

const root = dirname(createRequire(import.meta.url).resolve('kubernetes-types/package.json'));
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('field docs from kubernetes-types', () => {
  const docs = nodeFieldDocs();

  it('holds the upstream words for the modelled types, and only the fields the schema has', () => {
    expect(docs.source).toBe('kubernetes-types 1.30.0');
    expect(docs.types['DaemonSetSpec']!.description).toBe('DaemonSetSpec is the specification of a daemon set.');
    expect(Object.keys(docs.types['DaemonSetSpec']!.fields).sort()).toEqual(['minReadySeconds', 'revisionHistoryLimit', 'selector', 'template', 'updateStrategy']);
    expect(docs.types['Time']!.description).toMatch(/^Time is a wrapper around time.Time/);
    // Deployment is not modelled, so its words are not shipped.
    expect(docs.types['DeploymentSpec']).toBeUndefined();
    const names = schemaTypeNames();
    for (const [name, doc] of Object.entries(docs.types)) {
      expect(names.has(name), name).toBe(true);
      for (const field of Object.keys(doc.fields)) expect(names.get(name)!.has(field), `${name}.${field}`).toBe(true);
    }
  });

  it('no type the schema names is declared in two of the files read', () => {
    const parsed = FIELD_DOC_FILES.map((f) => parseTypeDocs(read(f)));
    for (const name of schemaTypeNames().keys()) expect(parsed.filter((p) => p.has(name)).length, name).toBeLessThanOrEqual(1);
  });

  it('is built once per process, and equals a fresh build', () => {
    expect(nodeFieldDocs()).toBe(docs);
    expect(buildFieldDocs(read, 'kubernetes-types 1.30.0')).toEqual(docs);
  });

  it('agrees with kubernetes-types on which fields the API requires, where both know the field', () => {
    // kubernetes-types marks optional properties with `?`. HostAlias.ip became required in 1.32.
    const newerThanTypes = ['HostAlias.ip'];
    const upstream = new Map<string, boolean>();
    for (const f of FIELD_DOC_FILES) {
      let current = '';
      for (const line of read(f).split('\n')) {
        const decl = /^export interface (\w+)/.exec(line);
        if (decl) current = decl[1]!;
        const prop = /^\s+(?:readonly\s+)?(\w+)(\?)?:/.exec(line);
        if (prop && current) upstream.set(`${current}.${prop[1]}`, prop[2] !== '?');
      }
    }
    const mismatches = new Set<string>();
    const walk = (t: FieldType): void => {
      if (t.t === 'array') return walk(t.items);
      if (t.t === 'map') return walk(t.values);
      if (t.t !== 'struct') return;
      const name = t.go.slice(t.go.lastIndexOf('.') + 1);
      for (const [field, type] of Object.entries(t.fields)) {
        const required = upstream.get(`${name}.${field}`);
        if (required !== undefined && required !== isRequired(t, field)) mismatches.add(`${name}.${field}`);
        walk(type);
      }
    };
    for (const k of KIND_SCHEMAS) walk(k.type);
    expect([...mismatches]).toEqual(newerThanTypes);
  });
});
