/**
 * monaco-yaml 5.5 with Monaco 0.56+: monaco-yaml still asks for its worker with the old
 * `editor.createWebWorker({ moduleId, label, createData })`, which Monaco replaced by
 * `{ worker, host, keepIdleModels }`; called the old way, validation, completion and hover
 * silently do nothing (remcohaszing/monaco-yaml#272). This gives monaco-yaml a copy of the
 * Monaco namespace whose `createWebWorker` accepts the old form and turns it into the new one,
 * the way Monaco's own language workers do: get the worker from `MonacoEnvironment.getWorker`,
 * post it a first message that starts it and then its create data, and hand it to Monaco.
 */
import type * as Monaco from 'monaco-editor/editor';

type MonacoApi = typeof Monaco;

interface LegacyWorkerOptions {
  readonly moduleId: string;
  readonly label?: string;
  readonly createData?: unknown;
  readonly host?: Record<string, (...args: unknown[]) => unknown>;
  readonly keepIdleModels?: boolean;
}

type NewWorkerOptions = Parameters<MonacoApi['editor']['createWebWorker']>[0];

export function withLegacyWebWorker(monaco: MonacoApi): MonacoApi {
  const createWebWorker = (opts: LegacyWorkerOptions | NewWorkerOptions) => {
    if ('worker' in opts) return monaco.editor.createWebWorker(opts);
    const env = (globalThis as { MonacoEnvironment?: Monaco.Environment }).MonacoEnvironment;
    if (!env?.getWorker) throw new Error('MonacoEnvironment.getWorker is not set');
    const worker = Promise.resolve(env.getWorker(opts.moduleId, opts.label ?? opts.moduleId)).then((w) => {
      w.postMessage('ignore');
      w.postMessage(opts.createData);
      return w;
    });
    return monaco.editor.createWebWorker({
      worker,
      ...(opts.host ? { host: opts.host } : {}),
      ...(opts.keepIdleModels !== undefined ? { keepIdleModels: opts.keepIdleModels } : {}),
    });
  };
  return { ...monaco, editor: { ...monaco.editor, createWebWorker } } as MonacoApi;
}
