import { describe, expect, it } from 'vitest';
import { exec, outputOf } from '../../../src/kubectl/exec.js';
import { createCluster } from '../../../src/sim/index.js';

// The warnings' text and klog's header as kubectl 1.32 printed them (`W1205 22:07:44.010860   14976
// helpers.go:702] ...`); the line numbers are GetDryRunStrategy's in kubectl v0.34 (helpers.go).
const klog = (line: number, message: string) => `W0101 00:00:00.000000   48213 helpers.go:${line}] ${message}\n`;
const BARE = klog(731, '--dry-run is deprecated and can be replaced with --dry-run=client.');

describe('--dry-run: GetDryRunStrategy and its deprecation warnings', () => {
  it('--dry-run alone is client, with klog warning written before the output', () => {
    const c = createCluster();
    const r = exec(c, 'kubectl create namespace x --dry-run -o name');
    expect(r).toMatchObject({ exitCode: 0, stdout: 'namespace/x\n', stderr: BARE });
    expect(outputOf(r)).toEqual([
      { stream: 'stderr', text: BARE },
      { stream: 'stdout', text: 'namespace/x\n' },
    ]);
    expect(c.store.get('Namespace', '', 'x')).toBeUndefined();
  });

  it('every strconv.ParseBool spelling works: true ones are client, false ones none, each named in the warning', () => {
    const c = createCluster();
    for (const v of ['T', '1', 'TRUE', 'True']) {
      const r = exec(c, `kubectl create namespace x --dry-run=${v} -o name`);
      expect(r.stderr, v).toBe(klog(745, `--dry-run=${v} is deprecated (boolean value) and can be replaced with --dry-run=client.`));
      expect(c.store.get('Namespace', '', 'x'), v).toBeUndefined();
    }
    const r = exec(c, 'kubectl create namespace x --dry-run=0 -o name');
    expect(r).toMatchObject({ exitCode: 0, stdout: 'namespace/x\n' });
    expect(r.stderr).toBe(klog(748, '--dry-run=0 is deprecated (boolean value) and can be replaced with --dry-run=none.'));
    expect(c.store.get('Namespace', '', 'x')).toBeDefined();
  });

  it('the three strategies by name warn of nothing; an empty or unknown value is refused and changes nothing', () => {
    const c = createCluster();
    expect(exec(c, 'kubectl create namespace a --dry-run=client -o name')).toMatchObject({ exitCode: 0, stderr: '' });
    expect(exec(c, 'kubectl create namespace a --dry-run=server -o name')).toMatchObject({ exitCode: 0, stderr: '' });
    expect(c.store.get('Namespace', '', 'a')).toBeUndefined();
    for (const v of ['', 'yes', 'Client']) {
      expect(exec(c, `kubectl create namespace a --dry-run=${v}`), v).toEqual({ exitCode: 1, stdout: '', stderr: `error: Invalid dry-run value (${v}). Must be "none", "server", or "client".\n` });
    }
    expect(c.store.get('Namespace', '', 'a')).toBeUndefined();
  });

  it('every verb that reads the flag warns, at the virtual time it runs', () => {
    const c = createCluster();
    exec(c, 'sim node add node-1');
    exec(c, 'sim advance 90s');
    const at = BARE.replace('00:00:00.000000', '00:01:30.000000');
    for (const line of ['kubectl cordon node-1 --dry-run', 'kubectl label node node-1 a=b --dry-run', 'kubectl taint node node-1 k=v:NoSchedule --dry-run', 'kubectl delete node node-1 --dry-run']) {
      const r = exec(c, line);
      expect(r.exitCode, line).toBe(0);
      expect(r.stderr, line).toBe(at);
      // taint's printer takes its operation after Complete gave it the suffix: no `(dry run)`.
      expect(r.stdout, line).toContain(line.includes('taint') ? 'node/node-1 tainted' : '(dry run)');
    }
    const node = c.store.get('Node', '', 'node-1');
    expect([node?.spec.unschedulable, node?.spec.taints, node?.metadata.labels?.a]).toEqual([undefined, undefined, undefined]);
  });
});
