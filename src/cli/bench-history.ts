/**
 * bench/history.jsonl: every `npm run bench` appends one line, its figures with the commit they
 * were measured on, so a change is compared with the runs before it on the same machine.
 * bench/results.json holds only the last run and is not committed; the history is.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';

/** The commit being measured: `git rev-parse --short HEAD`, and whether the tree has changes. */
export interface Revision {
  readonly commit: string;
  readonly dirty: boolean;
}

export function currentRevision(): Revision {
  const git = (...args: string[]) => spawnSync('git', args, { encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  const status = git('status', '--porcelain', '--untracked-files=no');
  return { commit: head.status === 0 ? head.stdout.trim() : 'unknown', dirty: status.status !== 0 || status.stdout.trim() !== '' };
}

/** One history line: when, which commit, and the figures, as one JSON object and a newline. */
export function historyLine(at: Date, revision: Revision, results: object): string {
  return `${JSON.stringify({ at: at.toISOString(), commit: revision.commit, dirty: revision.dirty, ...results })}\n`;
}

/** `revision`: the commit the run measured, read when it started (a run takes minutes, and a commit made meanwhile is not what was bundled). */
export function appendHistory(file: string, results: object, revision: Revision): void {
  appendFileSync(file, historyLine(new Date(), revision, results));
}
