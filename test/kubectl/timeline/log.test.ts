/** The session log: which commands make up a moment, replaying one cut short, and leaving out the commands that only read. */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { leadsInto, prefixAt, replayEntry, type LogEntry } from '../../../src/kubectl/timeline/log.js';
import { Timeline } from '../../../src/kubectl/timeline/timeline.js';
import { EPOCH_MS } from '../../../src/sim/engine/time.js';
import { createCluster } from '../../../src/sim/index.js';
import { agentYaml } from '../agent-yaml.js';
import { snapshotJson } from './snapshot-json.js';

const at = (s: number) => EPOCH_MS + s * 1000;
const entry = (line: string, start: number, end: number): LogEntry => ({ line, start: at(start), end: at(end) });

describe('prefixAt', () => {
  const add = entry('sim node add node-1', 0, 0);
  const advance = entry('sim advance 5m', 0, 300);
  const apply = entry('kubectl apply -f -', 300, 300);
  const settle = entry('sim settle', 300, 330);
  const log = [add, advance, apply, settle];

  it('keeps every command started before the moment, and those that took no time at it', () => {
    expect(prefixAt(log, at(300))).toEqual([add, advance, apply]);
    expect(prefixAt(log, at(330))).toEqual(log);
    expect(prefixAt(log, at(0))).toEqual([add]);
  });

  it('cuts a command still running at the moment there', () => {
    expect(prefixAt(log, at(120))).toEqual([add, { ...advance, end: at(120), cut: true }]);
    expect(prefixAt(log, at(310))).toEqual([add, advance, apply, { ...settle, end: at(310), cut: true }]);
  });

  it('knows a branch that leads into another: its entries, the last perhaps cut short', () => {
    expect(leadsInto([add, advance], log)).toBe(true);
    expect(leadsInto([], log)).toBe(true);
    expect(leadsInto([add, { ...advance }], log)).toBe(false);
    expect(leadsInto(log, [add])).toBe(false);
    expect(leadsInto(prefixAt(log, at(120)), log)).toBe(true);
    expect(leadsInto(prefixAt(log, at(120)), prefixAt(log, at(60)))).toBe(false);
  });
});

describe('replayEntry', () => {
  it('replays a cut command only up to its end, and reads the files it recorded', () => {
    const c = createCluster();
    replayEntry(c, { line: 'sim advance 1h', start: at(0), end: at(90), cut: true });
    expect(c.now).toBe(at(90));
    const ns = 'apiVersion: v1\nkind: Namespace\nmetadata: {name: team-a}\n';
    replayEntry(c, { line: 'kubectl apply -f ns.yaml', files: { 'ns.yaml': ns }, start: at(90), end: at(90) });
    expect(c.store.get('Namespace', '', 'team-a')?.metadata.name).toBe('team-a');
  });

  const agent = agentYaml('registry.example/agent:1.0', 'agent');

  it('does not run a command that only reads, in a replay; a command that writes runs as ever', () => {
    const c = createCluster();
    for (const line of ['sim node add node-1', 'kubectl apply -f -', 'sim settle']) expect(exec(c, line, agent).exitCode).toBe(0);
    expect(exec(c, 'kubectl get nodes').stdout).toMatch(/^NAME +STATUS/);
    for (const line of ['kubectl get nodes', 'kubectl describe ds agent', 'kubectl rollout history ds/agent', 'kubectl logs -l app=agent | head -1', 'sim why node-1', 'sim now']) {
      expect(exec(c, line, undefined, { replay: true }), line).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    }
    expect(exec(c, 'kubectl label node node-1 pool=a', undefined, { replay: true }).stdout).toBe('node/node-1 labeled\n');
    expect(exec(c, 'kubectl rollout restart ds/agent', undefined, { replay: true }).stdout).toBe('daemonset.apps/agent restarted\n');
  });

  it('leaves a cluster replayed without its reads byte for byte where the session left it', () => {
    const live = createCluster({ seed: 7 });
    const timeline = new Timeline(live);
    const lines = [
      // A read first, on a cluster no command has settled yet.
      'kubectl get nodes',
      'sim node add node-{1..3}',
      'kubectl describe nodes',
      'kubectl apply -f -',
      'kubectl get pods -o yaml | grep nodeName',
      'sim why node-1',
      'kubectl get events',
      'sim advance 30s',
      'kubectl logs ds/agent',
      'kubectl rollout history ds/agent',
      'kubectl set image ds/agent agent=registry.example/agent:2.0',
      'kubectl events --for ds/agent',
      'sim now',
      'kubectl explain pods.spec',
      'kubectl version',
      'kubectl api-resources',
      'sim advance 2m',
      'kubectl get ds agent -o json',
    ];
    for (const line of lines) exec(live, line, line === 'kubectl apply -f -' ? agent : undefined, { timeline });
    expect(timeline.entries.map((e) => e.line)).toEqual(lines);
    const fresh = createCluster({ seed: 7 });
    for (const e of timeline.entries) replayEntry(fresh, e);
    expect(snapshotJson(fresh)).toBe(snapshotJson(live));
  });
});
