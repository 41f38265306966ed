/**
 * The landing picture's first frame, computed by the real engine ahead of time: the build runs
 * the opening (`opening.ts`) through an EngineHost, the very code the engine worker runs, and
 * keeps the batch it posts for the load (every object, as `reset`). The page shows it at once;
 * when the live worker answers the same load, its batch carries the same objects (the engine is
 * deterministic), so the hand-over changes nothing on screen. Node only (build/landing-frame-plugin.ts
 * and the tests): the page imports the JSON, never this module.
 */
import { registerAllParts } from '../../kubectl/parts/all.js';
import { EngineHost } from '../worker/host.js';
import type { DiffBatch, WorkerMessage } from '../worker/protocol.js';
import { opening } from './opening.js';

export function firstFrame(): DiffBatch {
  // The build has no worker queue to load the command language's parts on demand: all of them now.
  registerAllParts();
  const posted: WorkerMessage[] = [];
  const host = new EngineHost({ post: (m) => posted.push(m), ticker: { now: () => 0, frame: () => () => {} } });
  host.handle({ id: 1, type: 'load', log: opening().log });
  const reply = posted.find((m) => 'id' in m && m.id === 1);
  if (!reply || reply.type !== 'results') throw new Error(`the landing's opening did not load: ${JSON.stringify(reply)}`);
  const batch = posted.find((m) => m.type === 'batch');
  if (batch?.type !== 'batch' || !batch.batch.reset) throw new Error("the landing's opening posted no reset batch");
  return batch.batch;
}
