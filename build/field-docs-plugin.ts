/**
 * Serves the field documentation of `kubectl explain` (and the editor's hover) to the page as a
 * virtual module, `virtual:everynode/field-docs`, whose default export is the FieldDocs JSON the
 * CLI builds (src/cli/field-docs.ts) from the installed kubernetes-types. The engine worker
 * and the editor (src/ui/editor/monaco/monaco.ts) import it dynamically, so it is a chunk of its
 * own, fetched only when a script runs explain or the learner first hovers a field.
 */
import type { Plugin } from 'vite';
import { nodeFieldDocs } from '../src/cli/field-docs.js';

export const FIELD_DOCS_MODULE = 'virtual:everynode/field-docs';
const RESOLVED = `\0${FIELD_DOCS_MODULE}`;

export function fieldDocsPlugin(): Plugin {
  return {
    name: 'everynode-field-docs',
    resolveId(id) {
      return id === FIELD_DOCS_MODULE ? RESOLVED : undefined;
    },
    load(id) {
      // JSON.parse of a string literal is faster to start than the same data as a JS literal.
      return id === RESOLVED ? `export default JSON.parse(${JSON.stringify(JSON.stringify(nodeFieldDocs()))});\n` : undefined;
    },
  };
}
