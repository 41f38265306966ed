/**
 * One widget's life: its checked configuration, then, once it is scrolled into view, its own
 * Playground (cluster and engine worker) opened with the widget's content, or with its lesson:
 * the lesson's data from the build's lessons JSON and the same LessonController (and worker
 * lesson runtime) as a lesson page, loaded only when `lesson` is set. Nothing is kept in
 * storage: a widget is an example in someone's docs, and each visit starts it afresh.
 */
import { presetStart } from '../ui/playground/presets.js';
import { spawnEngine } from '../ui/worker/spawn.js';
import type { EnginePort } from '../ui/worker/client.js';
import type { CommandResult } from '../kubectl/session.js';
import type { LessonController } from '../ui/lesson/controller.svelte.js';
import { fetchLesson, HttpError, type LessonData } from '../ui/lesson/data.js';
import type { WidgetConfig } from './attributes.js';
import { fetchContent, type Content } from './content.js';
import { WidgetPlayground, type Emit } from './widget-playground.js';

let count = 0;

export class Widget {
  /** Bad attribute values and content that could not load, in words naming the attribute. */
  problems = $state<string[]>([]);
  playground = $state.raw<WidgetPlayground | undefined>();
  content = $state.raw<Content | undefined>();
  /** The lesson running in the widget, once its data arrived (undefined: a plain playground). */
  lesson = $state.raw<{ readonly controller: LessonController; readonly data: LessonData } | undefined>();
  private opening: Promise<WidgetPlayground> | undefined;

  constructor(
    readonly config: WidgetConfig,
    problems: readonly string[],
    /** The inline content, read from the element's children. */
    private readonly inline: Content | undefined,
    /** Where `src` is relative to (the host page's URL). */
    private readonly base: string,
    /** The site's root, where the build's lessons JSON is (`lessons/ID/lesson.json`). */
    readonly root: string,
    private readonly emit: Emit,
    private readonly spawn: () => EnginePort = spawnEngine,
  ) {
    this.problems = [...problems];
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
    if (this.config.lesson) await this.openLesson(pg, this.config.lesson);
    if (!this.lesson) {
      this.content = await this.loadContent();
      await this.restore(pg);
    }
    if (this.config.autoplay) this.play();
    return pg;
  }

  /** Back to how the widget opened: its lesson from the start, its script run into an empty cluster, or its manifests in the editor. */
  async reset(): Promise<void> {
    const pg = await this.start();
    if (this.lesson) await this.lesson.controller.reset();
    else await this.restore(pg);
  }

  /**
   * Opens lesson `id` in the widget's worker. An id the build has no lesson for says so and
   * leaves a plain playground; so does a lesson that could not be fetched or parsed.
   */
  private async openLesson(pg: WidgetPlayground, id: string): Promise<void> {
    let data: LessonData;
    try {
      data = await fetchLesson(this.root, id);
    } catch (e) {
      const why = e instanceof HttpError && e.status === 404 ? 'this site has no lesson with that id' : `its data could not be loaded (${e instanceof Error ? e.message : String(e)})`;
      this.problems.push(`lesson="${id}": ${why}; the widget opens a plain playground instead.`);
      return;
    }
    // The lesson column's code loads only for a widget that runs a lesson.
    const { LessonController } = await import('../ui/lesson/controller.svelte.js');
    const controller = new LessonController(pg, id, pg.storage);
    await controller.open(data);
    if (controller.diagnostics.length > 0) {
      this.problems.push(`lesson="${id}" has errors and cannot run; the widget opens a plain playground instead.`);
      return;
    }
    if (this.config.src || this.inline) this.problems.push(`lesson="${id}" runs the lesson; the widget's src and inline content are not opened.`);
    this.lesson = { controller, data };
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
