/**
 * The worker's read-only questions, by type: `{ [type]: (session, args) => result }`. Each lives
 * in its own file under `queries/`. A query never changes the cluster and is never logged (the
 * editor's validation, `why` data, the session log for a report). Only the small ones are here,
 * there from the start; those that bring big code along (validation and its YAML parser, why,
 * completion with the help tables, the lesson checker) load on demand, each a chunk of its own,
 * before the first request for them (on-demand.ts).
 */
import type { EngineSession } from './session.js';
import { lifecycleQuery } from './queries/lifecycle.js';
import { logQuery } from './queries/log.js';
import { pictureFactsQuery } from './queries/picture-facts.js';

export type Query = (session: EngineSession, args: unknown) => unknown;

export const QUERIES: Readonly<Record<string, Query>> = {
  log: logQuery,
  pictureFacts: pictureFactsQuery,
  lifecycle: lifecycleQuery,
};
