/**
 * runScript: the script's commands run in order on the given timeline's cluster, the given
 * cluster (no timeline), or a fresh one with a fresh timeline; the exec options reach every
 * command as given; a parse error runs nothing.
 */
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../src/sim/index.js';
import { Timeline } from '../../src/kubectl/timeline/timeline.js';
import { runScript } from '../../src/kubectl/session.js';
import type { FieldDocs } from '../../src/kubectl/explain/field-docs.js';

const NODE = 'apiVersion: v1\nkind: Node\nmetadata:\n  name: from-file\n';

describe('runScript', () => {
  it('hands every exec option to each command: files read through readFile, explain through fieldDocs', () => {
    const read: string[] = [];
    let asked = 0;
    const out = runScript('kubectl apply -f node.yaml\nkubectl explain node', {
      readFile: (p) => (read.push(p), p === 'node.yaml' ? NODE : undefined),
      fieldDocs: () => (asked++, undefined as FieldDocs | undefined),
    });
    if ('error' in out) throw new Error(out.error);
    expect(out.results.map((r) => r.exitCode)).toEqual([0, 0]);
    expect(read).toEqual(['node.yaml']);
    expect(asked).toBeGreaterThan(0);
    // A fresh cluster under a fresh timeline, which logged both commands with the file read.
    expect(out.timeline!.entries.map((e) => [e.line, e.files])).toEqual([['kubectl apply -f node.yaml', { 'node.yaml': NODE }], ['kubectl explain node', undefined]]);
  });

  it("runs on a given timeline's cluster, or on a given cluster without one", () => {
    const timeline = new Timeline(createCluster());
    const onTimeline = runScript('sim node add a', { timeline });
    expect('error' in onTimeline ? undefined : onTimeline.cluster).toBe(timeline.cluster);
    expect(timeline.entries.map((e) => e.line)).toEqual(['sim node add a']);
    const cluster = createCluster();
    const bare = runScript('sim node add b\nsim rewind --to 0s', { cluster });
    if ('error' in bare) throw new Error(bare.error);
    expect([bare.cluster, bare.timeline]).toEqual([cluster, undefined]);
    expect(bare.results[1]!.exitCode).not.toBe(0);
  });

  it('keeps what the script writes (CMD > FILE) for its later lines, before the host\'s files', () => {
    const host = { 'node.yaml': NODE };
    const out = runScript('kubectl apply -f node.yaml\nkubectl get node from-file -o yaml > node.yaml\nkubectl get nodes -o name > names\nkubectl apply -f node.yaml\nkubectl apply -f names', {
      readFile: (p) => (Object.hasOwn(host, p) ? host[p as 'node.yaml'] : undefined),
    });
    if ('error' in out) throw new Error(out.error);
    expect(out.results.map((r) => [r.exitCode, r.stdout])).toEqual([
      [0, 'node/from-file created\n'],
      [0, ''],
      [0, ''],
      // The live object's YAML, with its resourceVersion: applied as it is, it changes no field.
      [0, 'node/from-file configured\n'],
      [1, ''],
    ]);
    expect(out.results[4]!.stderr).toMatch(/^error: error validating "names"/);
    expect(host['node.yaml']).toBe(NODE);
  });

  it('runs nothing when the script does not parse', () => {
    const cluster = createCluster();
    expect(runScript("sim node add a\nkubectl get pods 'unclosed", { cluster })).toMatchObject({ line: 2 });
    expect(cluster.store.list('Node')).toEqual([]);
  });
});
