/** Toolbox actions build the sim commands a learner could type, and those commands parse back. */
import { describe, expect, it } from 'vitest';
import { splitArgs } from '../../../src/kubectl/script.js';
import { addNodesCommand, conditionCommand, imageCommand, nodeCommand, shellWord } from '../../../src/ui/toolbox/commands.js';
import { EngineSession } from '../../../src/ui/worker/session.js';
import { emptyLog } from '../../../src/ui/worker/session-log.js';

describe('toolbox commands', () => {
  it('builds each action as one sim command', () => {
    expect(addNodesCommand({ names: 'gpu-{1..2}', pool: 'gpu', labels: 'zone=a', taints: 'nvidia.com/gpu=present:NoSchedule', cpu: '8', memory: '32Gi' })).toBe(
      'sim node add gpu-{1..2} --labels=pool=gpu,zone=a --taints=nvidia.com/gpu=present:NoSchedule --cpu=8 --memory=32Gi',
    );
    expect(addNodesCommand({ names: ' a  b ', pool: '', labels: '', taints: '', cpu: '', memory: '' })).toBe('sim node add a b');
    expect(nodeCommand('fail', 'node-1')).toBe('sim node fail node-1');
    expect(conditionCommand('node-1', 'MemoryPressure', 'True')).toBe('sim node condition node-1 MemoryPressure=True');
    expect(imageCommand('agent:2', 'crash', '30s')).toBe('sim image agent:2 --behaviour=crash --after=30s');
    expect(imageCommand('agent:2', 'ok', ' ')).toBe('sim image agent:2 --behaviour=ok');
  });

  it('quotes only words the splitter would change', () => {
    for (const w of ["it's", 'a b', '$x', 'plain-1', 'a|b']) expect(splitArgs(`sim ${shellWord(w)}`)).toEqual(['sim', w]);
    expect(shellWord('plain-1')).toBe('plain-1');
  });

  it('runs in the engine as a learner would type it', () => {
    const s = new EngineSession(emptyLog());
    const out = s.run(
      [addNodesCommand({ names: 'gpu-{1..2}', pool: 'gpu', labels: '', taints: 'gpu=yes:NoSchedule', cpu: '8', memory: '' }), nodeCommand('fail', 'gpu-1'), conditionCommand('gpu-2', 'DiskPressure', 'True'), imageCommand('agent:2', 'never-ready', '')].join('\n'),
      {},
    );
    expect('results' in out && out.results.map((r) => r.exitCode)).toEqual([0, 0, 0, 0]);
    expect(s.cluster.store.get('Node', '', 'gpu-2')?.metadata.labels?.pool).toBe('gpu');
  });
});
