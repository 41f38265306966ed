/**
 * The per-kind rules the API server applies on every write, in the order a real API server does:
 * defaulting (`SetDefaults_*`), the registry strategy (`PrepareForCreate`/`PrepareForUpdate`),
 * admission plugins (mutating), then validation (`Validate*`). Each kind's strategy lives in
 * `strategies/<kind>.ts` and is listed in `strategies/index.ts`; a kind without one gets none.
 */
import type { ApiObject, Kind, PriorityClass } from '../api/types.js';
import type { FieldError } from './errors.js';

/** What a strategy may read besides the object: the clock and other stored objects. */
export interface StrategyContext {
  /** Virtual now, in milliseconds. */
  readonly now: number;
  /** Looks up a PriorityClass (for the Priority admission plugin). */
  priorityClass(name: string): PriorityClass | undefined;
  /** Every stored PriorityClass (to find the globalDefault one). */
  priorityClasses(): readonly PriorityClass[];
}

/**
 * The object each step of a write is given (`defaults` to `admit`) is the request's own: the API
 * server made it for this write (a create's from the request, an update's with the stored
 * identity) and nothing else holds it until it is stored. A step may set its top-level fields in
 * place and return it, instead of a spread copy that the next step copies again (a DaemonSet's
 * pods each went through three); the values those fields held are shared and never written.
 */
export interface Strategy<T extends ApiObject = ApiObject> {
  /** apps/v1 `SetDefaults_*`: fills what the learner left out. */
  defaults?(obj: T): T;
  /** Registry `PrepareForCreate`: status reset, generation, etc. */
  prepareForCreate?(obj: T, ctx: StrategyContext): T;
  /** Registry `PrepareForUpdate`: keeps status, bumps generation on spec change, etc. */
  prepareForUpdate?(obj: T, old: T, ctx: StrategyContext): T;
  /** Mutating admission plugins that apply to this kind (Priority, DefaultTolerationSeconds, ...). */
  admit?(obj: T, op: 'create' | 'update', ctx: StrategyContext): T | { errors: FieldError[]; forbidden?: string };
  /** `Validate<Kind>`: field errors with exact upstream paths and messages. */
  validate?(obj: T, ctx: StrategyContext): FieldError[];
  /** `Validate<Kind>Update`: validation of an update against the stored object. */
  validateUpdate?(obj: T, old: T, ctx: StrategyContext): FieldError[];
  /** Status subresource: keeps everything but status from the stored object. */
  prepareForStatusUpdate?(obj: T, old: T): T;
}
