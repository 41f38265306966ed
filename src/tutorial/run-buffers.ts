/**
 * A lesson run's editor buffers: the learner's text of each start/ file, and the copy Solve and
 * Reset set aside so the learner's own work is never lost (`restore()` brings it back). A command
 * of the run reads `start/x` from here and `solution/x` from the lesson.
 */

export class LessonBuffers {
  private buffers: Map<string, string>;
  private stash?: Map<string, string>;

  /** `files`: the lesson's files, path -> text (start/ and solution/ among them). */
  constructor(private readonly files: ReadonlyMap<string, string>) {
    this.buffers = this.startFiles();
  }

  /** The buffers, path -> text. */
  all(): Map<string, string> {
    return new Map(this.buffers);
  }

  set(path: string, text: string): { error: string } | undefined {
    if (!this.buffers.has(path)) return { error: `${path} is not an editable file of this lesson (${[...this.buffers.keys()].join(', ')})` };
    this.buffers.set(path, text);
    return undefined;
  }

  /** The text a command reads at `path` (start/ from the buffers, solution/ from the lesson), or undefined. */
  read(path: string): string | undefined {
    return path.startsWith('start/') ? this.buffers.get(path) : path.startsWith('solution/') ? this.files.get(path) : undefined;
  }

  /**
   * Solve and Reset: the start files again, the learner's text set aside first when it is their
   * own (neither the start nor the solution files, which need no keeping).
   */
  startOver(): void {
    const start = this.startFiles();
    const own = [...this.buffers].some(([k, v]) => start.get(k) !== v && this.files.get(solutionOf(k)) !== v);
    if (own) this.stash = new Map(this.buffers);
    this.buffers = start;
  }

  /** Solve has run to its end: the solution files in the editor. */
  showSolution(): void {
    for (const path of this.buffers.keys()) {
      const solved = this.files.get(solutionOf(path));
      if (solved !== undefined) this.buffers.set(path, solved);
    }
  }

  /** Puts back the buffers Solve or Reset set aside. */
  restore(): boolean {
    if (!this.stash) return false;
    this.buffers = this.stash;
    this.stash = undefined;
    return true;
  }

  /** What progress keeps: the buffers that differ from the start files, and the stash. */
  saved(): { buffers: Record<string, string>; stash?: Record<string, string> } {
    const start = this.startFiles();
    const buffers = Object.fromEntries([...this.buffers].filter(([k, v]) => start.get(k) !== v));
    return { buffers, ...(this.stash ? { stash: Object.fromEntries(this.stash) } : {}) };
  }

  /** Puts back what `saved()` kept (buffers of files this lesson no longer has are dropped). */
  load(buffers: Readonly<Record<string, string>>, stash?: Readonly<Record<string, string>>): void {
    for (const [k, v] of Object.entries(buffers)) if (this.buffers.has(k)) this.buffers.set(k, v);
    if (stash) this.stash = new Map(Object.entries(stash));
  }

  private startFiles(): Map<string, string> {
    return new Map([...this.files].filter(([p]) => p.startsWith('start/')));
  }
}

/** The solution file of start file `path`. */
function solutionOf(path: string): string {
  return path.replace(/^start\//, 'solution/');
}
