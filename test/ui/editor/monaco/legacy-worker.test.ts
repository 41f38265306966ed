/**
 * monaco-yaml asks for its worker the old way; the shim must start the worker as Monaco's own
 * language workers do (a first message, then the create data) and hand Monaco the new form.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type * as Monaco from 'monaco-editor/editor';
import { withLegacyWebWorker } from '../../../../src/ui/editor/monaco/legacy-worker.js';

afterEach(() => {
  delete (globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment;
});

function fakeMonaco() {
  const calls: unknown[] = [];
  const monaco = { editor: { createWebWorker: (opts: unknown) => (calls.push(opts), { proxy: true }), other: 1 }, languages: {} };
  return { monaco: monaco as unknown as typeof Monaco, calls };
}

describe('withLegacyWebWorker', () => {
  it('turns { moduleId, label, createData } into a started worker for the new API', async () => {
    const posted: unknown[] = [];
    const labels: string[] = [];
    const worker = { postMessage: (m: unknown) => posted.push(m) };
    (globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment = {
      getWorker: (_id: string, label: string) => (labels.push(label), worker),
    };
    const { monaco, calls } = fakeMonaco();
    const patched = withLegacyWebWorker(monaco);
    const createData = { schemas: [] };
    const made = (patched.editor.createWebWorker as unknown as (o: unknown) => unknown)({ moduleId: 'monaco-yaml/yaml.worker', label: 'yaml', createData });
    expect(made).toEqual({ proxy: true });
    const opts = calls[0] as { worker: Promise<unknown> };
    expect(await opts.worker).toBe(worker);
    expect(labels).toEqual(['yaml']);
    expect(posted).toEqual(['ignore', createData]);
    expect(Object.keys(opts)).toEqual(['worker']);
  });

  it('passes the new form through, and leaves the rest of the namespace alone', () => {
    const { monaco, calls } = fakeMonaco();
    const patched = withLegacyWebWorker(monaco);
    const opts = { worker: {} as Worker };
    patched.editor.createWebWorker(opts);
    expect(calls).toEqual([opts]);
    expect((patched.editor as unknown as { other: number }).other).toBe(1);
    expect(patched.languages).toBe(monaco.languages);
    expect(monaco.editor.createWebWorker).not.toBe(patched.editor.createWebWorker);
  });

  it('says what is missing when no MonacoEnvironment.getWorker is set', () => {
    const { monaco } = fakeMonaco();
    const create = withLegacyWebWorker(monaco).editor.createWebWorker as unknown as (o: unknown) => unknown;
    expect(() => create({ moduleId: 'x' })).toThrow('MonacoEnvironment.getWorker is not set');
  });
});
