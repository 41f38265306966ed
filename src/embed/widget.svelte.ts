/**
 * One widget's life: its checked configuration, then, once it is scrolled into view, its own
 * Playground (cluster and engine worker) opened with the widget's content. Nothing is kept in
 * storage: a widget is an example in someone's docs, and each visit starts it afresh.
 */
import { presetStart } from '../ui/playground/presets.js';
import { spawnEngine } from '../ui/worker/spawn.js';
import type { EnginePort } from '../ui/worker/client.js';
import type { CommandResult } from '../kubectl/session.js';
import type { WidgetConfig } from './attributes.js';
import { fetchContent, type Content } from './content.js';
import { WidgetPlayground, type Emit } from './widget-playground.js';

let count = 0;

export class Widget {
  /** Bad attribute values and content that could not load, in words naming the attribute. */
  problems = $state<string[]>([]);
  playground = $state.raw<WidgetPlayground | undefined>();
  content = $state.raw<Content | undefined>();
  private opening: Promise<WidgetPlayground> | undefined;

  constructor(
    readonly config: WidgetConfig,
    problems: readonly string[],
    /** The inline content, read from the element's children. */
    private readonly inline: Content | undefined,
    /** Where `src` is relative to (the host page's URL). */
    private readonly base: string,
    private readonly emit: Emit,
    private readonly spawn: () => EnginePort = spawnEngine,
  ) {
    this.problems = [...problems];
    if (config.lesson) {
      this.problems.push(`lesson="${config.lesson}": lessons cannot run inside the widget in this build yet; the widget opens a playground instead.`);
    }
  }

  /** Starts the playground (once) and opens the content; resolves when it is ready for commands. */
  start(): Promise<WidgetPlayground> {
    this.opening ??= this.open();
    return this.opening;
  }

  private async open(): Promise<WidgetPlayground> {
    const pg = new WidgetPlayground(`widget-${++count}`, this.spawn(), this.emit);
    pg.start();
    this.playground = pg;
    await ready(pg);
    this.content = await this.loadContent();
    await this.restore(pg);
    if (this.config.autoplay) this.play();
    return pg;
  }

  /** Back to how the widget opened: its script run into an empty cluster, or its manifests in the editor. */
  async reset(): Promise<void> {
    await this.restore(await this.start());
  }

  private async restore(pg: WidgetPlayground): Promise<void> {
    const c = this.content;
    if (c?.kind === 'script') {
      await pg.load();
      pg.files = {};
      const out = await pg.run(c.text);
      if (!Array.isArray(out)) this.problems.push(`The session script failed at line ${'line' in out ? out.line : 0}: ${'error' in out ? out.error : ''}`);
      return;
    }
    const start = presetStart('starter');
    await pg.load(start.log);
    pg.files = c ? { [c.name]: c.text } : { ...start.files };
  }

  /** Runs script text as logged commands; rejects with the script's error (nothing ran). */
  async run(text: string): Promise<readonly CommandResult[]> {
    const pg = await this.start();
    const out = await pg.run(text);
    if (Array.isArray(out)) return out;
    const error = out as { error: string; line: number };
    throw new Error(error.line ? `line ${error.line}: ${error.error}` : error.error);
  }

  /** Opens manifests in the editor as a new tab (not applied), replacing a tab of the same name. */
  async load(yaml: string, name = 'manifest.yaml'): Promise<void> {
    const pg = await this.start();
    pg.files = { ...pg.files, [name]: yaml };
  }

  play(): void {
    const pb = this.playground?.playback;
    if (pb && pb.snapshot.value !== 'Playing') pb.actor.send({ type: 'TOGGLE' });
  }

  pause(): void {
    this.playground?.playback.actor.send({ type: 'PAUSE' });
  }

  close(): void {
    this.playground?.close();
  }

  private async loadContent(): Promise<Content | undefined> {
    if (this.inline) return this.inline;
    if (!this.config.src) return undefined;
    try {
      return await fetchContent(this.config.src, this.base);
    } catch (e) {
      this.problems.push(e instanceof Error ? e.message : String(e));
      return undefined;
    }
  }
}

/** Resolves once the playground's session is Ready (or rejects with what failed). */
function ready(pg: WidgetPlayground): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = (s: { matches(v: string): boolean; context: { error?: string } }): boolean => {
      if (s.matches('Ready')) return (resolve(), true);
      if (s.matches('Failed')) return (reject(new Error(s.context.error ?? 'the engine failed')), true);
      return false;
    };
    if (check(pg.session.actor.getSnapshot())) return;
    const sub = pg.session.actor.subscribe((s) => check(s) && sub.unsubscribe());
  });
}
