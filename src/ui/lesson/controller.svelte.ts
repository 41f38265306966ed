/**
 * The lesson column's controller: opens the lesson in the playground's worker once its session
 * is ready (the lesson's data fetched, the saved progress and editor text handed back), sends the
 * learner's lesson actions, keeps the progress in localStorage, and animates Solve command by
 * command (the terminal echoes each one as the lesson's). The view itself comes from the worker
 * (`playground.lesson`); nothing here recomputes a check.
 */
import type { Playground } from '../playground/playground.svelte.js';
import type { PlaygroundStorage } from '../persist.js';
import type { Diagnostic } from '../../tutorial/diagnostics.js';
import type { LessonMeta } from '../../tutorial/model.js';
import { formatDiagnostic } from '../../tutorial/diagnostics.js';
import type { LessonProgress, PredictionAnswer } from '../../tutorial/run-progress.js';
import type { LessonData } from './data.js';
import { PROGRESS, readProgress } from './progress.js';

/** Pause between Solve's commands, so the picture shows each one (none with reduced motion). */
export const SOLVE_PACE_MS = 250;

export interface ControllerOptions {
  /** Milliseconds between Solve's commands. */
  readonly pace?: number;
  /** Workshops: when the time box began (ms since the epoch), for hints that unlock over time. */
  readonly startedAt?: number;
  readonly now?: () => number;
}

export class LessonController {
  /** What the learner should know went wrong (a refused action, a failed save). */
  message = $state<string | undefined>();
  /** The lesson did not parse: where and why. */
  diagnostics = $state.raw<readonly Diagnostic[]>([]);
  /** The lesson's front matter and prose, once open. */
  opened = $state.raw<{ readonly meta: LessonMeta; readonly prose: string } | undefined>();
  solving = $state(false);
  private opening = false;
  /** The lesson's data, once the first open succeeded (a shared progress opens after it). */
  private readonly loaded: Promise<LessonData>;
  private markLoaded!: (data: LessonData) => void;

  constructor(
    readonly playground: Playground,
    readonly id: string,
    private readonly storage: PlaygroundStorage,
    private readonly options: ControllerOptions = {},
  ) {
    this.loaded = new Promise((resolve) => (this.markLoaded = resolve));
  }

  get view() {
    return this.playground.lesson;
  }

  /** Opens the lesson in the worker (once): saved progress resumes, the editor text typed last comes back. */
  async open(data: LessonData): Promise<void> {
    if (this.opening) return;
    this.opening = true;
    const progress = readProgress(this.storage, this.id);
    const buffers = Object.fromEntries(Object.entries($state.snapshot(this.playground.files)).filter(([k]) => k.startsWith('start/')));
    const r = await this.playground.lessonAction({ do: 'open', path: data.path, files: data.files, ...(progress ? { progress } : {}), buffers });
    if (!r.ok) {
      this.diagnostics = r.diagnostics;
      return;
    }
    this.playground.files = r.files;
    this.opened = { meta: r.meta, prose: r.prose };
    this.tick();
    this.markLoaded(data);
  }

  /**
   * Opens the lesson again at a shared run's progress (a share link, a session file), once it
   * has opened: the run replays it on a fresh cluster (same steps done, same cluster), the
   * lesson's files take the shared text and the shared editor tabs come back.
   */
  async resume(progress: LessonProgress, files: Readonly<Record<string, string>>): Promise<void> {
    const data = await this.loaded;
    const r = await this.playground.lessonAction({ do: 'open', path: data.path, files: data.files, progress, buffers: files });
    if (!r.ok) throw new Error(r.diagnostics.map((d) => formatDiagnostic(d)).join('; '));
    this.playground.files = { ...files, ...r.files };
    this.opened = { meta: r.meta, prose: r.prose };
  }

  /** Saves the progress the worker posted (called whenever it changes). */
  save(): void {
    const p = this.view?.progress;
    if (!p) return;
    const failed = this.storage.write(PROGRESS, p);
    if (failed) this.message = `Progress is not saved: ${failed}.`;
  }

  async answer(prediction: string, answer: PredictionAnswer): Promise<void> {
    const r = await this.playground.lessonAction({ do: 'answer', prediction, answer });
    this.message = 'error' in r ? r.error : undefined;
  }

  async hint(): Promise<void> {
    const elapsedMinutes = this.elapsed();
    await this.playground.lessonAction({ do: 'hint', ...(elapsedMinutes === undefined ? {} : { elapsedMinutes }) });
  }

  /** The current step's Run: its commands, echoed in the terminal. */
  async runStep(): Promise<void> {
    const r = await this.playground.lessonAction({ do: 'run-step' });
    if ('error' in r) this.message = r.error;
    else {
      this.message = undefined;
      this.playground.terminal.show(r.results, 'lesson');
    }
  }

  async next(): Promise<void> {
    const r = await this.playground.lessonAction({ do: 'next' });
    this.message = r.error;
  }

  /** Starts over; the learner's own editor text is set aside, restorable. */
  async reset(): Promise<void> {
    const r = await this.playground.lessonAction({ do: 'reset' });
    this.playground.files = r.files;
    this.message = undefined;
  }

  async restore(): Promise<void> {
    const r = await this.playground.lessonAction({ do: 'restore' });
    if (r.files) this.playground.files = r.files;
  }

  /** Solve: a fresh cluster, then the solution one command at a time, the picture following. */
  async solve(): Promise<void> {
    if (this.solving) return;
    this.solving = true;
    this.message = undefined;
    try {
      this.playground.files = (await this.playground.lessonAction({ do: 'solve-begin' })).files;
      for (;;) {
        const r = await this.playground.lessonAction({ do: 'solve-next' });
        if (r.finished) {
          this.playground.files = r.files;
          break;
        }
        if (!r.result) continue;
        this.playground.terminal.show([r.result], 'lesson');
        await pause(this.pace());
      }
    } finally {
      this.solving = false;
    }
  }

  /** Runs a code block of the prose as the lesson's command. */
  async runCode(text: string): Promise<void> {
    await this.playground.run(text, { source: 'lesson' });
  }

  /** Opens a YAML block of the prose as an editor file (a new tab; the learner's files stay). */
  openInEditor(name: string, text: string): void {
    this.playground.files = { ...$state.snapshot(this.playground.files), [name]: text };
  }

  /** Workshops: tells the worker the minutes passed (timed hints unlock), now and then. */
  tick(): void {
    const elapsedMinutes = this.elapsed();
    if (elapsedMinutes !== undefined) void this.playground.lessonAction({ do: 'clock', elapsedMinutes });
  }

  /** Minutes since the workshop began (undefined for a lesson: every hint is offered). */
  elapsed(): number | undefined {
    if (this.options.startedAt === undefined) return undefined;
    return ((this.options.now ?? Date.now)() - this.options.startedAt) / 60_000;
  }

  private pace(): number {
    if (this.options.pace !== undefined) return this.options.pace;
    return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : SOLVE_PACE_MS;
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
