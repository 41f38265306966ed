/**
 * The data behind `sim why`: the verb's text is printed from it, and each verdict names the
 * manifest fields a learner would edit.
 */
import { describe, expect, it } from 'vitest';
import { runScript } from '../../../src/kubectl/session.js';
import { WHY_AGENT, WHY_NODES } from './why-setup.js';
import { whyReport } from '../../../src/kubectl/sim/why-report.js';
import { whyText } from '../../../src/kubectl/sim/why.js';

const SETUP = `${WHY_NODES}${WHY_AGENT}`;

function setup() {
  const out = runScript(SETUP);
  if ('error' in out) throw new Error(out.error);
  return out.cluster;
}

describe('whyReport', () => {
  it('is what `sim why` prints, as data', () => {
    const cluster = setup();
    for (const node of ['node-1', 'node-2', 'node-3']) {
      const report = whyReport(cluster, node);
      if ('error' in report) throw new Error(report.error);
      const printed = runScript(`sim why ${node}\n`, { cluster });
      if ('error' in printed) throw new Error(printed.error);
      expect(printed.results[0]!.stdout).toBe(whyText(report));
    }
  });

  it('gives each failing controller predicate its verdict and the fields behind it', () => {
    const report = whyReport(setup(), 'node-2');
    if ('error' in report) throw new Error(report.error);
    expect(report.node.taints).toEqual(['dedicated=gpu:NoSchedule']);
    const ds = report.daemonSets[0]!;
    expect(ds).toMatchObject({ namespace: 'default', name: 'agent', controller: { shouldRun: false, shouldContinueRunning: true } });
    const taint = ds.controller.verdicts.find((v) => v.name === 'TaintToleration')!;
    expect(taint.passed).toBe(false);
    expect(taint.message).toMatch(/untolerated taint/);
    expect(taint.fields[0]).toBe('spec.template.spec.tolerations');
  });

  it('explains a Pending pod with every scheduler plugin and the FitError message', () => {
    const report = whyReport(setup(), 'node-3', { daemonSet: 'ds/agent' });
    if ('error' in report) throw new Error(report.error);
    const s = report.daemonSets[0]!.scheduling[0]!;
    expect(s.pod).toMatch(/^default\/agent-/);
    const fit = s.verdicts.find((v) => v.name === 'NodeResourcesFit')!;
    expect(fit).toMatchObject({ passed: false, message: 'Insufficient cpu: the pod requests 200m; 0m of 100m allocatable is already requested' });
    expect(fit.fields[0]).toBe('spec.template.spec.containers[0].resources.requests');
    expect(s.verdicts.filter((v) => v.passed).length).toBeGreaterThan(0);
    expect(s.message).toContain('Insufficient cpu');
  });

  it('names what it cannot find', () => {
    expect(whyReport(setup(), 'node-9')).toEqual({ error: 'node "node-9" not found' });
    expect(whyReport(setup(), 'node-1', { daemonSet: 'nope' })).toEqual({ error: 'daemonset "nope" not found in any namespace' });
    expect(whyReport(setup(), 'node-1', { daemonSet: 'nope', namespace: 'default' })).toEqual({ error: 'daemonset "nope" not found in namespace "default"' });
  });
});
