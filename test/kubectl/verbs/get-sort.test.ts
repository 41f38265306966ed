/**
 * `--sort-by` ordering (sorter.go `isLess`): quantities as quantities, other strings in byte
 * order, numbers as numbers, missing values first, and the fatal error for unsortable kinds.
 */
import { describe, expect, test } from 'vitest';
import type { ApiObject } from '../../../src/sim/api/types.js';
import { sortObjects } from '../../../src/kubectl/verbs/get-sort.js';

function obj(name: string, value?: unknown): ApiObject {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: value === undefined ? {} : { v: value }, status: {} } as unknown as ApiObject;
}

function order(values: readonly unknown[], target: 'table' | 'list' = 'list'): string[] | string {
  const r = sortObjects(values.map((v, i) => obj(`o${i}`, v)), '.spec.v', target);
  return 'error' in r ? r.error : r.map((o) => String((o as unknown as { spec: { v?: unknown } }).spec.v));
}

describe('--sort-by', () => {
  test('strings that both parse as quantities compare as quantities', () => {
    expect(order(['16', '500m', '2'])).toEqual(['500m', '2', '16']);
    expect(order(['1Gi', '512Mi', '2G'])).toEqual(['512Mi', '1Gi', '2G']);
  });

  test('any other strings compare in byte order, never naturally', () => {
    expect(order(['r9', 'r100', 'r10'])).toEqual(['r10', 'r100', 'r9']);
    expect(order(['node-9', 'node-10', 'Node-2'])).toEqual(['Node-2', 'node-10', 'node-9']);
    // one side is no quantity: the pair compares as strings
    expect(order(['2a', '10'])).toEqual(['10', '2a']);
    expect(order(['2', '10'])).toEqual(['2', '10']);
  });

  test('integers compare as numbers', () => {
    expect(order([10, 9, 100, -1])).toEqual(['-1', '9', '10', '100']);
  });

  test('the field must be found in at least one object', () => {
    expect(order([undefined, undefined])).toBe('couldn\'t find any field with path "{.spec.v}" in the list of objects');
    expect(order([])).toEqual([]);
  });

  test('booleans, lists and mixed kinds are unsortable, naming the sorter\'s data type', () => {
    expect(order([true, false])).toBe('Field {.spec.v} in *unstructured.Unstructured is an unsortable type: interface, err: unsortable type: bool');
    expect(order([[1], [2]], 'table')).toBe('Field {.spec.v} in [][][]reflect.Value is an unsortable type: interface, err: unsortable type: []interface {}');
    expect(order([1, 'a'])).toBe('Field {.spec.v} in *unstructured.Unstructured is an unsortable type: interface, err: unsortable interface: interface');
  });

  test('a path that is no relaxed JSONPath fails the list sorter; the table sorter tries it as typed', () => {
    const objs = [obj('a', 2), obj('b', 1)];
    expect(sortObjects(objs, '{.spec.v}{.metadata.name}', 'list')).toEqual({
      error: "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'",
    });
    const table = sortObjects(objs, '{.spec.v}{.metadata.name}', 'table');
    expect('error' in table ? table.error : table.map((o) => o.metadata.name)).toEqual(['b', 'a']);
    const broken = sortObjects(objs, '{.spec.v}{.metadata', 'table');
    expect('error' in broken && broken.error).toBe('sorting error: unclosed action');
  });
});
