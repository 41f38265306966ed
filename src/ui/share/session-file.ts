/**
 * Session files: a shared session (shared-session.ts) as a versioned JSON file to download and
 * open from disk. The envelope names what the file is, so opening some other JSON file says so
 * instead of misreading it.
 */
import { checkShared, type SharedSession } from './shared-session.js';

/** The session file format this page writes; every format ever written stays readable. */
export const SESSION_FILE_FORMAT = 1;

const KIND = 'everynode-session';

export function sessionFile(session: SharedSession): string {
  return `${JSON.stringify({ kind: KIND, version: SESSION_FILE_FORMAT, ...session }, null, 2)}\n`;
}

/** The session in a file's text, or why it cannot be opened (naming the file). */
export function readSessionFile(name: string, text: string): { session: SharedSession } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { error: `${name} is not a session file: it is not JSON (${(e as Error).message}).` };
  }
  const v = value as { kind?: unknown; version?: unknown } | null;
  if (typeof v !== 'object' || v === null || v.kind !== KIND) return { error: `${name} is not a session file: it has no "kind": "${KIND}".` };
  if (v.version !== SESSION_FILE_FORMAT) {
    return { error: `${name} is a session file of version ${String(v.version)}; this page reads version ${SESSION_FILE_FORMAT}.` };
  }
  const checked = checkShared(value);
  return 'error' in checked ? { error: `${name} cannot be opened: ${checked.error}.` } : { session: checked.ok };
}
