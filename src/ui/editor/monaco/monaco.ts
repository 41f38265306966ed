/**
 * Monaco with only what a YAML editor needs, configured once per page: the lazily loaded part of
 * the editor (import it through `load.ts`, never statically). Monaco's configuration is global,
 * so this module is the only place that touches it; every playground's editor shares it and
 * keeps its own models under its own URIs.
 *
 * Never the full `monaco-editor` entry (every language and feature, 13 MB): the editor API,
 * the YAML tokenizer, and the editing features listed below. monaco-yaml adds completion and
 * validation from the JSON Schema generated from the engine's manifest schema; the hover is
 * `kubectl explain`'s (field-hover.ts), loaded with the field docs on the first hover.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/languages/definitions/yaml/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/codeAction/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/indentation/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/snippet/register';
// the suggest widget itself (`features/suggest/register` only brings inline completions)
import 'monaco-editor/editor/contrib/suggest/browser/suggestController.js';
import 'monaco-editor/features/wordOperations/register';
import { configureMonacoYaml } from 'monaco-yaml';
import { manifestJsonSchema, SCHEMA_URI } from '../json-schema.js';
import { installMonacoEnvironment } from './environment.js';
import { withLegacyWebWorker } from './legacy-worker.js';

installMonacoEnvironment();

configureMonacoYaml(withLegacyWebWorker(monaco), {
  enableSchemaRequest: false,
  // kubectl reads YAML as go-yaml does: YAML 1.1 (`yes` is a boolean).
  yamlVersion: '1.1',
  format: { enable: false },
  // the schema knows types only; field-hover.ts shows kubectl explain's words instead
  hover: false,
  schemas: [{ uri: SCHEMA_URI, fileMatch: ['*'], schema: manifestJsonSchema() }],
});

monaco.languages.registerHoverProvider('yaml', {
  async provideHover(model, position) {
    const text = model.getValue();
    const [{ fieldHover }, docs] = await Promise.all([import('./field-hover.js'), import('virtual:everynode/field-docs').then((m) => m.default, () => undefined)]);
    const hover = fieldHover(docs, text, model.getOffsetAt(position));
    if (!hover || model.isDisposed() || model.getValue() !== text) return undefined;
    const from = model.getPositionAt(hover.start);
    const to = model.getPositionAt(hover.end);
    return { range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column), contents: [...hover.contents] };
  },
});

export { monaco };
export type Monaco = typeof monaco;
