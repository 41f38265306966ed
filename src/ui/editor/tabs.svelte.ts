/**
 * The editor's tabs: one file each, named as `kubectl apply -f NAME` reads it. Keeps the
 * Playground's `files` (what the worker's `-f NAME` hook reads) equal to the tabs' texts, and
 * tells every tab to check itself again when the cluster changed (at most once a second).
 *
 * Names are single words a command line can carry unquoted (letters, digits, `.`, `_`, `-`, not
 * starting with `-`), unique among the tabs; a bad name is refused with a message and changes
 * nothing.
 */
import { FILE_NAME } from '../../kubectl/file-name.js';
import type { EditorHost } from './host.js';
import { EditorTab } from './tab.svelte.js';

/** A saved tab: enough to bring it back after a reload. */
export interface TabRecord {
  readonly name: string;
  readonly text: string;
  readonly applied?: string;
}

/** How often a changing cluster re-checks the open files. */
const REVALIDATE_EVERY_MS = 1000;

export class EditorTabs {
  tabs = $state<EditorTab[]>([]);
  activeName = $state('');
  private readonly stopWatching: () => void;
  private revalidation: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: EditorHost, records: readonly TabRecord[]) {
    this.open(records);
    this.stopWatching = host.cluster.onBatch(() => this.clusterChanged());
  }

  /** Puts these files in place of every open tab (a session was loaded or restored). */
  replaceAll(records: readonly TabRecord[]): void {
    for (const t of this.tabs) t.stop();
    this.tabs = [];
    this.open(records);
  }

  get active(): EditorTab | undefined {
    return this.tabs.find((t) => t.name === this.activeName);
  }

  /** What to save: every tab's name, text and last applied text. */
  records(): TabRecord[] {
    return this.tabs.map((t) => ({ name: t.name, text: t.text, ...(t.applied !== undefined ? { applied: t.applied } : {}) }));
  }

  /** Why `name` cannot name a tab (other than `except`), or undefined when it can. */
  nameProblem(name: string, except?: string): string | undefined {
    if (name === '') return 'A file name is required.';
    if (!FILE_NAME.test(name)) return `"${name}" cannot be a file name here: use letters, digits, ".", "_" and "-", not starting with "-".`;
    if (name !== except && this.tabs.some((t) => t.name === name)) return `A tab named "${name}" is already open.`;
    return undefined;
  }

  /** The first free `untitled-N.yaml`. */
  freeName(): string {
    for (let n = 1; ; n++) if (!this.tabs.some((t) => t.name === `untitled-${n}.yaml`)) return `untitled-${n}.yaml`;
  }

  add(name = this.freeName(), text = ''): string | undefined {
    const problem = this.nameProblem(name);
    if (problem) return problem;
    this.tabs.push(new EditorTab(name, text, this.host));
    this.activeName = name;
    this.syncFiles();
    return undefined;
  }

  rename(from: string, to: string): string | undefined {
    const tab = this.tabs.find((t) => t.name === from);
    if (!tab) return `No tab named "${from}".`;
    const problem = this.nameProblem(to, from);
    if (problem) return problem;
    tab.name = to;
    if (this.activeName === from) this.activeName = to;
    this.syncFiles();
    return undefined;
  }

  close(name: string): void {
    const i = this.tabs.findIndex((t) => t.name === name);
    if (i < 0) return;
    this.tabs[i]!.stop();
    this.tabs.splice(i, 1);
    if (this.activeName === name) this.activeName = this.tabs[Math.min(i, this.tabs.length - 1)]?.name ?? '';
    this.syncFiles();
  }

  /** A command wrote `name` (`CMD > FILE`): its tab takes the text, or a new tab opens with it; it is shown. */
  write(name: string, text: string): void {
    if (this.tabs.some((t) => t.name === name)) this.edit(name, text);
    else this.add(name, text);
    this.activeName = name;
  }

  edit(name: string, text: string): void {
    const tab = this.tabs.find((t) => t.name === name);
    if (!tab) return;
    tab.edit(text);
    this.host.files[name] = text;
    this.host.changed?.();
  }

  dispose(): void {
    this.stopWatching();
    clearTimeout(this.revalidation);
    for (const t of this.tabs) t.stop();
  }

  /** At most once a second, however fast batches stream while time runs. */
  private clusterChanged(): void {
    if (this.revalidation !== undefined) return;
    this.revalidation = setTimeout(() => {
      this.revalidation = undefined;
      for (const t of this.tabs) t.revalidate();
    }, REVALIDATE_EVERY_MS);
  }

  private open(records: readonly TabRecord[]): void {
    for (const r of records) this.tabs.push(new EditorTab(r.name, r.text, this.host, r.applied));
    this.activeName = this.tabs[0]?.name ?? '';
    this.syncFiles();
  }

  private syncFiles(): void {
    for (const name of Object.keys(this.host.files)) if (!this.tabs.some((t) => t.name === name)) delete this.host.files[name];
    for (const t of this.tabs) this.host.files[t.name] = t.text;
    this.host.changed?.();
  }
}
