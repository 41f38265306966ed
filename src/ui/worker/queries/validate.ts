/**
 * `validate`: what `kubectl apply -f NAME` would say about an editor file, placed on its lines
 * (`diagnoseApply`: the manifest reader, the strict decoder and a server-side dry run on the live
 * cluster). Unlogged and read-only, like every query: the editor asks it as the learner types.
 */
import { diagnoseApply, type FileDiagnostic } from '../../../kubectl/apply/diagnose.js';
import type { EngineSession } from '../session.js';

export function validateQuery(session: EngineSession, args: unknown): FileDiagnostic[] {
  const { name, text } = (args ?? {}) as { name?: unknown; text?: unknown };
  if (typeof name !== 'string' || typeof text !== 'string') throw new Error('validate: expected { name, text } strings');
  return diagnoseApply(session.cluster, text, name);
}
