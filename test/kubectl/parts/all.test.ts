/**
 * The parts of the command language and the map that says, before anything loads, which part
 * registers each verb: every verb of the "all" tables is there from the start or mapped to the
 * part that registers it, and the map names no verb that does not exist.
 */
import { describe, expect, it } from 'vitest';
import { ALL_PARTS } from '../../../src/kubectl/parts/all.js';
import { PART_OF_VERB, type Program } from '../../../src/kubectl/parts/part.js';
import { SIM_VERBS } from '../../../src/kubectl/sim/index.js';
import { SIM_START_VERBS } from '../../../src/kubectl/sim/start.js';
import { KUBECTL_VERBS } from '../../../src/kubectl/verbs/index.js';

const TABLES: readonly [Program, Readonly<Record<string, unknown>>][] = [
  ['kubectl', KUBECTL_VERBS],
  ['sim', SIM_VERBS],
];

describe('the parts of the command language', () => {
  it('map every verb to the part that registers it, or have it from the start', () => {
    for (const [program, table] of TABLES) {
      for (const [verb, run] of Object.entries(table)) {
        if (program === 'sim' && Object.hasOwn(SIM_START_VERBS, verb)) {
          expect(Object.hasOwn(PART_OF_VERB.sim, verb), `sim ${verb} is there from the start`).toBe(false);
          continue;
        }
        const name = PART_OF_VERB[program][verb];
        const part = ALL_PARTS.find((p) => p.name === name);
        expect(part?.[program]?.[verb], `${program} ${verb} is registered by ${String(name)}`).toBe(run);
      }
    }
  });

  it('map no verb that does not exist, and each part registers only what the map gives it', () => {
    for (const [program, table] of TABLES) for (const verb of Object.keys(PART_OF_VERB[program])) expect(Object.hasOwn(table, verb), `${program} ${verb}`).toBe(true);
    for (const part of ALL_PARTS) {
      for (const program of ['kubectl', 'sim'] as const) for (const verb of Object.keys(part[program] ?? {})) expect(PART_OF_VERB[program][verb], `${program} ${verb}`).toBe(part.name);
    }
    expect(ALL_PARTS.filter((p) => p.help).map((p) => p.name)).toEqual(['help']);
    expect(new Set(ALL_PARTS.map((p) => p.name)).size).toBe(ALL_PARTS.length);
  });
});
