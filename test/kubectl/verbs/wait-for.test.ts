/**
 * What `kubectl wait --for` asks (kubectl 1.32 `conditionFuncFor`, `ConditionalWait.checkCondition`,
 * `JSONPathWait.checkCondition`), judged on objects no controller of the playground writes:
 * conditions that carry their own observedGeneration, and statuses behind their generation.
 */
import { describe, expect, it } from 'vitest';
import type { ApiObject } from '../../../src/sim/api/types.js';
import { conditionFuncFor, type StateCheck } from '../../../src/kubectl/verbs/wait-for.js';

function check(spec: string): StateCheck {
  const f = conditionFuncFor(spec);
  if ('error' in f || f.kind !== 'state') throw new Error(`${spec} is no state check`);
  return f.check;
}

function obj(generation: number | undefined, status: Record<string, unknown>): ApiObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', ...(generation === undefined ? {} : { generation }) }, status } as unknown as ApiObject;
}

describe('--for=condition=NAME[=VALUE]', () => {
  it('is not met while the condition, or else the status, observed an older generation', () => {
    const ready = check('condition=Ready');
    const readyAt = (observedGeneration: number) => ({ type: 'Ready', status: 'True', observedGeneration });
    expect(ready(obj(2, { conditions: [readyAt(1)] }))).toBe(false);
    expect(ready(obj(2, { conditions: [readyAt(2)] }))).toBe(true);
    // The condition's own observedGeneration comes before the status's.
    expect(ready(obj(2, { observedGeneration: 1, conditions: [readyAt(2)] }))).toBe(true);
    expect(ready(obj(2, { observedGeneration: 1, conditions: [{ type: 'Ready', status: 'True' }] }))).toBe(false);
    expect(ready(obj(undefined, { observedGeneration: 1, conditions: [readyAt(0)] }))).toBe(true);
  });

  it('the first condition of the type decides; type and value are compared with simple case folding', () => {
    const conditions = [
      { type: 'Ready', status: 'False' },
      { type: 'Ready', status: 'True' },
    ];
    expect(check('condition=Ready')(obj(undefined, { conditions }))).toBe(false);
    expect(check('condition=ready=FALSE')(obj(undefined, { conditions }))).toBe(true);
    expect(check('condition=Ready=ſ')(obj(undefined, { conditions: [{ type: 'Ready', status: 'S' }] }))).toBe(true);
    expect(check('condition=Ready=ss')(obj(undefined, { conditions: [{ type: 'Ready', status: 'ß' }] }))).toBe(false);
  });
});

describe('--for=jsonpath=EXPR[=VALUE]', () => {
  it('compares what Go prints for the value, trimmed, the value given without its quotes', () => {
    const status = { replicas: 3, ratio: 0.5, on: false, phase: ' Running ' };
    expect(check(`jsonpath={.status.replicas}='3'`)(obj(undefined, status))).toBe(true);
    expect(check('jsonpath=status.ratio="0.5"')(obj(undefined, status))).toBe(true);
    expect(check('jsonpath={.status.on}=false')(obj(undefined, status))).toBe(true);
    expect(check('jsonpath={.status.phase}=Running')(obj(undefined, status))).toBe(true);
    expect(check('jsonpath={.status.on}')(obj(undefined, status))).toBe(true);
    expect(check('jsonpath={.status.missing}')(obj(undefined, status))).toBe(false);
  });

  it('keeps == whole for a filter', () => {
    const conditions = [
      { type: 'Ready', status: 'True' },
      { type: 'Synced', status: 'False' },
    ];
    expect(check('jsonpath={.status.conditions[?(@.type=="Ready")].status}=True')(obj(undefined, { conditions }))).toBe(true);
    expect(check('jsonpath={.status.conditions[?(@.type=="Synced")].status}=True')(obj(undefined, { conditions }))).toBe(false);
  });
});
