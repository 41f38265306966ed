/** The DaemonSets x nodes matrix agrees with `sim why` for each node. */
import { describe, expect, it } from 'vitest';
import { whyMatrix } from '../../../src/kubectl/sim/why-matrix.js';
import { whyReport } from '../../../src/kubectl/sim/why-report.js';
import { DAEMONSET, Stream } from '../../view/stream.js';

describe('whyMatrix', () => {
  it('gives every node a verdict glyph with the predicate or plugin that said no', () => {
    const s = new Stream().run(`sim node add node-1
sim node add node-2 --taints dedicated=gpu:NoSchedule
sim node add node-3 --cpu 100m
sim node add node-4 --taints maint=now:NoExecute
${DAEMONSET()}sim settle
`);
    const m = whyMatrix(s.cluster);
    expect(m.nodes).toEqual(['node-1', 'node-2', 'node-3', 'node-4']);
    const cells = m.daemonSets[0]!.cells;
    expect(cells[0]).toEqual({ verdict: 'run' });
    expect(cells[1]).toMatchObject({ verdict: 'stay', by: 'TaintToleration' });
    expect(cells[2]).toMatchObject({ verdict: 'pending', by: 'NodeResourcesFit' });
    expect(cells[3]).toMatchObject({ verdict: 'no', by: 'TaintToleration' });
    for (const [i, node] of m.nodes.entries()) {
      const r = whyReport(s.cluster, node);
      if ('error' in r) throw new Error(r.error);
      const failed = r.daemonSets[0]!.controller.verdicts.find((v) => !v.passed);
      if (cells[i]!.verdict === 'stay' || cells[i]!.verdict === 'no') expect(cells[i]!.by).toBe(failed?.name);
    }
  });
});
