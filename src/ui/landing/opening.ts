/**
 * The landing picture's script, in the script language: the example DaemonSet is applied and
 * node 1 joins (the opening, one session log the worker loads at once), then a node joins every
 * little while. The build runs the same opening through the engine for the first frame
 * (`first-frame.ts`), so the two must come from here.
 */
import { EXAMPLE_DAEMONSET, EXAMPLE_FILE, type PresetStart } from '../playground/presets.js';
import { emptyLog } from '../worker/session-log.js';

/** The picture's playground id (its page-memory keys). */
export const LANDING_ID = 'landing';

/** Node `n` joins, and a little virtual time passes so its pod gets going. */
export function joinLines(n: number): string[] {
  return [`sim node add node-${n} --labels pool=general`, 'sim advance 10s'];
}

/** The session the picture opens with: the example DaemonSet applied, then node 1 joins. */
export function opening(): PresetStart {
  const files = { [EXAMPLE_FILE]: EXAMPLE_DAEMONSET };
  return {
    log: { ...emptyLog(), commands: [{ line: `kubectl apply -f ${EXAMPLE_FILE}`, files }, ...joinLines(1).map((line) => ({ line }))] },
    files,
  };
}
