/**
 * Where Monaco gets its workers: the YAML language worker for monaco-yaml (label `yaml`), the
 * editor's own worker for everything else. Both are Vite `?worker` modules, so they are emitted
 * as same-origin files and load under a strict Content-Security-Policy.
 */
import type * as Monaco from 'monaco-editor/editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import YamlWorker from './yaml.worker.ts?worker';

export function installMonacoEnvironment(): void {
  const env: Monaco.Environment = {
    getWorker: (_moduleId, label) => (label === 'yaml' ? new YamlWorker() : new EditorWorker()),
  };
  (globalThis as { MonacoEnvironment?: Monaco.Environment }).MonacoEnvironment = env;
}
