/**
 * One playground's Monaco editor: a model per tab under `inmemory://<playground id>/<file>`
 * (unique per playground, so several playgrounds share the global Monaco without sharing files),
 * the view state of each tab kept while another is shown, markers for each file's diagnostics,
 * Ctrl/Cmd+Enter bound to Apply, and the tab focus mode (Ctrl+M) toggled and reported so the page
 * can show it.
 */
import type { FileDiagnostic } from '../../../kubectl/apply/diagnose.js';
import type { Monaco } from './monaco.js';
import type * as M from 'monaco-editor/editor';

export interface MonacoViewOptions {
  readonly playgroundId: string;
  /** A Mac keyboard: the tab focus toggle is Ctrl+Shift+M there. */
  readonly mac: boolean;
  onEdit(name: string, text: string): void;
  onApply(): void;
  onTabFocusMode(on: boolean): void;
}

/** The marker owner: these markers are kubectl's own words, apart from monaco-yaml's schema checks. */
const OWNER = 'kubectl';

export class MonacoView {
  private readonly editor: M.editor.IStandaloneCodeEditor;
  private readonly models = new Map<string, M.editor.ITextModel>();
  private readonly viewStates = new Map<string, M.editor.ICodeEditorViewState | null>();
  private shown: string | undefined;

  constructor(private readonly monaco: Monaco, el: HTMLElement, private readonly opts: MonacoViewOptions) {
    this.editor = monaco.editor.create(el, {
      model: null,
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      fixedOverflowWidgets: true,
      fontSize: 13,
      tabSize: 2,
      insertSpaces: true,
      renderWhitespace: 'boundary',
      'semanticHighlighting.enabled': false,
    });
    const { KeyMod, KeyCode } = monaco;
    this.editor.addCommand(KeyMod.CtrlCmd | KeyCode.Enter, () => opts.onApply());
    // Monaco's own toggle is not bound in a standalone editor built from features: bind it here,
    // on the keys VS Code uses (Ctrl+M; Ctrl+Shift+M on a Mac, where Cmd+M minimises the window).
    const toggle = opts.mac ? KeyMod.WinCtrl | KeyMod.Shift | KeyCode.KeyM : KeyMod.CtrlCmd | KeyCode.KeyM;
    this.editor.addCommand(toggle, () => this.editor.updateOptions({ tabFocusMode: !this.editor.getOption(monaco.editor.EditorOption.tabFocusMode) }));
    const tabFocus = monaco.editor.EditorOption.tabFocusMode;
    this.editor.onDidChangeConfiguration((e) => {
      if (e.hasChanged(tabFocus)) opts.onTabFocusMode(this.editor.getOption(tabFocus));
    });
  }

  /** Shows a file, its text created from `text` when new; `select` is a textarea's selection. */
  show(name: string, text: string, select?: { start: number; end: number }): void {
    if (this.shown === name) return;
    if (this.shown !== undefined) this.viewStates.set(this.shown, this.editor.saveViewState());
    const model = this.model(name, text);
    this.editor.setModel(model);
    this.editor.updateOptions({ ariaLabel: `YAML of ${name}` });
    const state = this.viewStates.get(name);
    if (state) this.editor.restoreViewState(state);
    if (select) {
      const a = model.getPositionAt(select.start);
      const b = model.getPositionAt(select.end);
      this.editor.setSelection(new this.monaco.Selection(a.lineNumber, a.column, b.lineNumber, b.column));
      this.editor.revealPositionInCenterIfOutsideViewport(b);
    }
    this.shown = name;
  }

  /** Brings the models in line with the tabs: closed ones go, changed texts are taken over. */
  sync(files: readonly { readonly name: string; readonly text: string }[]): void {
    const names = new Set(files.map((f) => f.name));
    for (const [name, model] of this.models) {
      if (names.has(name)) continue;
      model.dispose();
      this.models.delete(name);
      this.viewStates.delete(name);
      if (this.shown === name) this.shown = undefined;
    }
    for (const f of files) {
      const model = this.models.get(f.name);
      if (model && model.getValue() !== f.text) model.setValue(f.text);
    }
  }

  setDiagnostics(name: string, diagnostics: readonly FileDiagnostic[]): void {
    const model = this.models.get(name);
    if (!model) return;
    const { MarkerSeverity } = this.monaco;
    this.monaco.editor.setModelMarkers(model, OWNER, diagnostics.map((d) => ({
      severity: d.severity === 'error' ? MarkerSeverity.Error : MarkerSeverity.Warning,
      message: d.message,
      source: 'kubectl apply',
      startLineNumber: d.line,
      startColumn: d.column,
      endLineNumber: d.endLine,
      endColumn: d.endColumn,
    })));
  }

  /** Read-only while the playground opens a session (its files are about to be replaced). */
  setReadOnly(readOnly: boolean): void {
    this.editor.updateOptions({ readOnly });
  }

  /** Puts the cursor at a line and column and the focus in the editor. */
  reveal(line: number, column: number): void {
    this.editor.setPosition({ lineNumber: line, column });
    this.editor.revealPositionInCenterIfOutsideViewport({ lineNumber: line, column });
    this.editor.focus();
  }

  focus(): void {
    this.editor.focus();
  }

  dispose(): void {
    this.editor.dispose();
    for (const model of this.models.values()) model.dispose();
    this.models.clear();
  }

  private model(name: string, text: string): M.editor.ITextModel {
    let model = this.models.get(name);
    if (!model) {
      const uri = this.monaco.Uri.from({ scheme: 'inmemory', authority: this.opts.playgroundId, path: `/${name}` });
      this.monaco.editor.getModel(uri)?.dispose(); // left by an earlier view of this playground
      const m = this.monaco.editor.createModel(text, 'yaml', uri);
      model = m;
      m.onDidChangeContent(() => this.opts.onEdit(name, m.getValue()));
      this.models.set(name, m);
    }
    return model;
  }
}
