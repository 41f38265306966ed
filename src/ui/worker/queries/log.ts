/** `log`: the session log so far (seed, engine, format, commands), to save or to copy in a report. */
import type { SessionLog } from '../session-log.js';
import type { EngineSession } from '../session.js';

export function logQuery(session: EngineSession): SessionLog {
  return session.log;
}
