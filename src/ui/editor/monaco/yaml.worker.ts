/**
 * The YAML language worker (yaml-language-server inside monaco-yaml), bundled by Vite as a
 * same-origin module worker. About 1 MiB: it loads only when the editor does.
 */
import 'monaco-yaml/yaml.worker.js';
