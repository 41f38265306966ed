/**
 * `invariant`: an expression that must hold in every recorded state of a window (`always`),
 * and/or hold in at least one (`sometimes`). States are recorded as the run proceeds: when the
 * window opens and after every engine pass that changed the cluster (run-invariants.ts), never
 * read back from the engine's bounded trace.
 *
 * Windows: `whole-lesson` (from the end of the setup on), `step:<id>` (while that step is the
 * current one), `{from: step:<id>, until: step-end}` (the same), and
 * `{from: step:<id>, until: rolloutComplete(<ds>[, <ns>])}` (from that step until a rollout
 * under way in the window completes; the completing state is included; a rollout already
 * complete when the window opens does not close it).
 */
import type { Expr } from '../expr/ast.js';
import { parseExpression } from '../expr/parser.js';
import { isScalar, MapReader, type Located, type Scalar } from '../yaml-reader.js';
import { DEFAULT_NAMESPACE } from './fields.js';
import type { CheckBase, CheckKind, ParseEnv } from './types.js';

export type InvariantWindow =
  | { readonly kind: 'whole-lesson' }
  | { readonly kind: 'step'; readonly step: string; readonly until: 'step-end' | { readonly rolloutComplete: { readonly name: string; readonly namespace: string } } };

export interface InvariantSpec extends CheckBase {
  readonly kind: 'invariant';
  readonly window: InvariantWindow;
  readonly always?: Expr;
  readonly sometimes?: Expr;
  /** The expressions' text, for messages. */
  readonly alwaysText?: string;
  readonly sometimesText?: string;
}

export const invariant: CheckKind<InvariantSpec> = {
  kind: 'invariant',
  graded: true,
  parse(r, base, env) {
    const window = readWindow(r, env);
    const always = readExpr(r, 'always');
    const sometimes = readExpr(r, 'sometimes');
    if (!r.has('always') && !r.has('sometimes')) r.src.error(r.node, `${r.what}: give "always", "sometimes" or both`);
    if (!window || always === null || sometimes === null || (!always && !sometimes)) return undefined;
    return {
      ...base,
      kind: 'invariant',
      window,
      ...(always ? { always: always.expr, alwaysText: always.text } : {}),
      ...(sometimes ? { sometimes: sometimes.expr, sometimesText: sometimes.text } : {}),
    };
  },
  describe(spec) {
    const w = spec.window;
    const during = w.kind === 'whole-lesson' ? 'throughout the lesson' : w.until === 'step-end' ? `during step "${w.step}"` : `from step "${w.step}" until the rollout of daemonset/${w.until.rolloutComplete.name} completes`;
    const parts = [...(spec.alwaysText ? [`${spec.alwaysText} always holds`] : []), ...(spec.sometimesText ? [`${spec.sometimesText} holds at least once`] : [])];
    return `${during}, ${parts.join(' and ')}`;
  },
};

/** The expression under `key`: undefined when absent, null when it does not parse (reported). */
function readExpr(r: MapReader, key: string): { expr: Expr; text: string } | undefined | null {
  const s = r.string(key);
  if (!s) return r.has(key) ? null : undefined;
  const parsed = parseExpression(s.value);
  if ('error' in parsed) {
    r.src.errorAt(r.src.offsetIn(s.node as Scalar, parsed.at), `${r.what}: "${key}": ${parsed.error}`);
    return null;
  }
  return { expr: parsed, text: s.value.replace(/\s+/g, ' ').trim() };
}

function readWindow(r: MapReader, env: ParseEnv): InvariantWindow | undefined {
  const node = r.get('window');
  if (node === undefined || node === null) {
    r.src.error(r.node, `${r.what}: "window" is required (whole-lesson, step:<id>, or {from: step:<id>, until: step-end | rolloutComplete(<ds>)})`);
    return undefined;
  }
  if (isScalar(node) && node.value === 'whole-lesson') return { kind: 'whole-lesson' };
  if (isScalar(node) && typeof node.value === 'string') {
    const step = stepOf(r, { value: node.value, node });
    if (!step) return undefined;
    env.stepRef(step);
    return { kind: 'step', step: step.value, until: 'step-end' };
  }
  const m = MapReader.of(r.src, node, `${r.what}: "window"`);
  if (!m) return undefined;
  const from = m.string('from', true);
  const until = m.string('until', true);
  m.done(['from', 'until']);
  const step = from ? stepOf(m, from) : undefined;
  if (step) env.stepRef(step);
  if (!step || !until) return undefined;
  if (until.value === 'step-end') return { kind: 'step', step: step.value, until: 'step-end' };
  const rc = /^rolloutComplete\(\s*([a-z0-9.-]+)\s*(?:,\s*([a-z0-9-]+)\s*)?\)$/.exec(until.value);
  if (!rc) {
    m.src.error(until.node, `${m.what}: "until" must be step-end or rolloutComplete(<daemonset>[, <namespace>])`);
    return undefined;
  }
  return { kind: 'step', step: step.value, until: { rolloutComplete: { name: rc[1]!, namespace: rc[2] ?? DEFAULT_NAMESPACE } } };
}

function stepOf(r: MapReader, s: Located<string>): Located<string> | undefined {
  const m = /^step:(.+)$/.exec(s.value);
  if (!m) {
    r.src.error(s.node, `${r.what}: a window is whole-lesson or step:<id>, got "${s.value}"`);
    return undefined;
  }
  return { value: m[1]!, node: s.node };
}
