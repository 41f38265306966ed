/**
 * What the engine worker loads after it starts, each a chunk of its own, BEFORE the request that
 * needs it is served: the parts of the command language a first picture does not need
 * (src/kubectl/parts: the kubectl verbs, the rarer ones, the help pages, `sim why`), the field
 * docs `kubectl explain` prints, the lesson runtime, and the queries that bring big code along
 * (the editor's validation, why, completion, the own-folder lesson checker).
 *
 * `serveInOrder` is the worker's queue: each request waits for what it needs and for every
 * request before it, so the order of requests never changes. A chunk that fails to load (offline
 * before the page was kept) is not fatal: the request is served without it and says so (`exec`
 * names the part a command needs, a query is unknown, a lesson says its runtime is missing), and
 * the next request that needs it tries again.
 */
import { chunksFor } from '../../kubectl/chunks.js';
import type { FieldDocs } from '../../kubectl/explain/field-docs.js';
import type { PartName, VerbPart } from '../../kubectl/parts/part.js';
import { VERBS } from '../../kubectl/verb-registry.js';
import type { EngineHost, HostEnv } from './host.js';
import type { LessonDesk } from './lesson-desk.js';
import type { Request } from './protocol.js';
import type { Query } from './queries.js';

/** How each chunk is imported (tests wrap them to watch the order). */
export interface Loaders {
  part(name: PartName): Promise<VerbPart>;
  fieldDocs(): Promise<FieldDocs>;
  lessonDesk(): Promise<typeof LessonDesk>;
  /** The queries that load on demand, by name. */
  readonly queries: Readonly<Record<string, () => Promise<Query>>>;
}

const PARTS: Readonly<Record<PartName, () => Promise<VerbPart>>> = {
  kubectl: () => import('../../kubectl/parts/kubectl.js').then((m) => m.KUBECTL_PART),
  inspect: () => import('../../kubectl/parts/inspect.js').then((m) => m.INSPECT_PART),
  help: () => import('../../kubectl/parts/help.js').then((m) => m.HELP_PART),
  why: () => import('../../kubectl/parts/why.js').then((m) => m.WHY_PART),
};

/** Every part, in the order a lesson (which may run any command) loads them. */
export const PART_NAMES = Object.keys(PARTS) as PartName[];

export const CHUNKS: Loaders = {
  part: (name) => PARTS[name](),
  fieldDocs: () => import('virtual:everynode/field-docs').then((m) => m.default),
  lessonDesk: () => import('./lesson-desk.js').then((m) => m.LessonDesk),
  queries: {
    validate: () => import('./queries/validate.js').then((m) => m.validateQuery),
    why: () => import('./queries/why.js').then((m) => m.whyQuery),
    whyMatrix: () => import('./queries/why-matrix.js').then((m) => m.whyMatrixQuery),
    complete: () => import('./queries/complete.js').then((m) => m.completeQuery),
    checkLessons: () => import('./queries/check-lessons.js').then((m) => m.checkLessonsQuery),
  },
};

export class OnDemand {
  private docs: FieldDocs | undefined;
  private Desk: typeof LessonDesk | undefined;
  private readonly queries: Record<string, Query> = {};

  constructor(private readonly loaders: Loaders = CHUNKS) {}

  /** What the host reads of the chunks loaded so far. */
  get env(): Pick<HostEnv, 'fieldDocs' | 'lessonDesk' | 'loadedQueries'> {
    return {
      fieldDocs: () => this.docs,
      lessonDesk: () => (this.Desk ? new this.Desk() : undefined),
      loadedQueries: () => this.queries,
    };
  }

  /** Loads what `req` needs and is not loaded yet; never rejects. */
  async before(req: Request): Promise<void> {
    await Promise.all([...this.partsFor(req).map((p) => this.part(p)), this.docsFor(req), this.deskFor(req), this.queryFor(req)]);
  }

  /** The parts of the command language `req` may run (a lesson, or the lesson checker proving lessons, any command). */
  private partsFor(req: Request): PartName[] {
    if (req.type === 'run') return chunksFor(req.text);
    if (req.type === 'load') return chunksFor([req.log.commands, ...(req.log.branches ?? [])].flat().map((c) => c.line));
    if (req.type === 'lesson' || (req.type === 'query' && req.query === 'checkLessons')) return PART_NAMES;
    return [];
  }

  private async part(name: PartName): Promise<void> {
    if (VERBS.has(name)) return;
    const part = await quietly(() => this.loaders.part(name));
    if (part) VERBS.register(part);
  }

  /** Field docs when a script may need them; without them explain shows types alone. */
  private async docsFor(req: Request): Promise<void> {
    if (this.docs || req.type !== 'run' || !/\bexplain\b/.test(req.text)) return;
    this.docs = await quietly(() => this.loaders.fieldDocs());
  }

  private async deskFor(req: Request): Promise<void> {
    if (this.Desk || req.type !== 'lesson') return;
    this.Desk = await quietly(() => this.loaders.lessonDesk());
  }

  private async queryFor(req: Request): Promise<void> {
    if (req.type !== 'query' || Object.hasOwn(this.queries, req.query) || !Object.hasOwn(this.loaders.queries, req.query)) return;
    const query = await quietly(this.loaders.queries[req.query]!);
    if (query) this.queries[req.query] = query;
  }
}

/** The chunk `load` gives, or undefined when it failed to load (the request then says what is missing). */
async function quietly<T>(load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch {
    return undefined;
  }
}

/** The worker's queue: serves each request after what it needs has loaded and after every request before it. */
export function serveInOrder(onDemand: OnDemand, host: EngineHost): (req: Request) => void {
  let queue: Promise<void> = Promise.resolve();
  return (req) => {
    queue = queue.then(() => onDemand.before(req)).then(() => host.handle(req));
  };
}
