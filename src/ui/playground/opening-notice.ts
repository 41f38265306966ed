/**
 * The terminal's note of where the cluster it now shows came from, when a session opens in place
 * of the one before or across a reload. A session is kept as its command log, not as what the
 * terminal printed: a reload replays the log, and without a word the learner met an empty
 * terminal over a cluster full of their work. A first visit's starter says nothing: the terminal
 * is empty because nothing has run yet.
 */
import type { SessionSource } from '../../machines/session.js';
import { countOf } from '../../tutorial/checks/words.js';
import { PRESETS } from './presets.js';

/** `N commands replayed`, the part every note of a replayed log shares. */
function replayed(commands: number): string {
  return `${countOf(commands, 'command', 'commands')} replayed`;
}

/**
 * The note for a session opened from `source` (undefined: the page's own saved session, or the
 * starter when `restored` is false), whose log has `commands` commands; undefined when there is
 * nothing to say.
 */
export function openingNotice(source: SessionSource | undefined, restored: boolean, commands: number): string | undefined {
  if (source === undefined) return restored ? `[session restored: ${replayed(commands)}; their output was not saved]` : undefined;
  if (source === 'previous') return `[restored the session the last new cluster replaced: ${replayed(commands)}]`;
  const label = PRESETS.find((p) => p.id === source)?.label ?? source;
  return `[new cluster: ${label}]`;
}

/** The note for a shared session (a link or a session file) opened with `commands` commands. */
export function sharedNotice(commands: number): string {
  return `[opened a shared session: ${replayed(commands)}]`;
}
