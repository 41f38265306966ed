/**
 * Flat and interned strings (src/sim/intern.ts), and the proof that the objects a big cluster
 * now shares between pods, Events and versions are never written: every stored object is frozen
 * (here, in a test only) and the cluster then runs a rollout, a node failure and recovery, a
 * removal and an hour of Event expiry; any write into a shared subtree would throw.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { appended, flat, trimmed, withField } from '../../src/sim/intern.js';
import { exec } from '../../src/kubectl/exec.js';
import { createCluster, type Cluster } from '../../src/sim/index.js';

function run(c: Cluster, line: string, stdin?: string): string {
  const r = exec(c, line, stdin);
  expect(r.stderr).toBe('');
  expect(r.exitCode).toBe(0);
  return r.stdout;
}

function deepFreeze(o: unknown): void {
  if (o === null || typeof o !== 'object' || Object.isFrozen(o)) return;
  Object.freeze(o);
  for (const v of Object.values(o)) deepFreeze(v);
}

function freezeStore(c: Cluster): void {
  for (const kind of ['Node', 'Pod', 'DaemonSet', 'ControllerRevision', 'Event'] as const) for (const obj of c.store.list(kind)) deepFreeze(obj);
}

const daemonSet = (name: string) => `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: ${name}}
spec:
  selector: {matchLabels: {app: ${name}}}
  updateStrategy: {type: RollingUpdate, rollingUpdate: {maxUnavailable: 1}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      containers:
      - {name: ${name}, image: registry.example/${name}:1.0}
`;

describe('flat', () => {
  it('keeps the text as it is', () => {
    const b = `Created container: ${'age'}nt`;
    expect(flat(b)).toBe('Created container: agent');
    expect(flat('e\u0301')).toBe('e\u0301'); // not NFC: left as it is
  });
});

describe('withField', () => {
  it('gives what a spread with that key gives, key order included, and leaves the object as it was', () => {
    const c: { name: string; image?: string; volumeMounts?: string[] } = { name: 'agent', image: 'a:1' };
    expect(JSON.stringify(withField(c, 'volumeMounts', ['m']))).toBe(JSON.stringify({ ...c, volumeMounts: ['m'] }));
    const mounted = { name: 'agent', volumeMounts: ['m'], image: 'a:1' };
    expect(JSON.stringify(withField(mounted, 'volumeMounts', ['n']))).toBe('{"name":"agent","volumeMounts":["n"],"image":"a:1"}');
    expect(c).toEqual({ name: 'agent', image: 'a:1' });
  });
});

describe('trimmed', () => {
  it('gives a new list with the same items in the same order', () => {
    const grown = [1, 2];
    grown.push(3);
    const t = trimmed(grown);
    expect(t).toEqual([1, 2, 3]);
    expect(t).not.toBe(grown);
  });
});

describe('appended', () => {
  it('gives what a spread with the item last gives, as a new list, and leaves the list as it was', () => {
    fc.assert(
      fc.property(fc.option(fc.array(fc.anything()), { nil: undefined }), fc.anything(), (list, item) => {
        const before = list?.slice();
        const out = appended(list, item);
        expect(out).toStrictEqual([...(list ?? []), item]);
        expect(out).not.toBe(list);
        expect(list).toStrictEqual(before);
      }),
    );
  });
});

describe('shared subtrees', () => {
  it('are never written: a frozen cluster rolls out, fails and recovers a node, and expires its Events', () => {
    const c = createCluster({ seed: 7 });
    run(c, 'sim node add node-{1..3}');
    for (const name of ['agent', 'logs']) run(c, 'kubectl apply -f -', daemonSet(name));
    run(c, 'sim settle --timeout=1h');
    const pods = c.store.list('Pod');
    const [a1, a2] = pods.filter((p) => p.metadata.name.startsWith('agent-'));
    const l1 = pods.find((p) => p.metadata.name.startsWith('logs-') && p.spec.nodeName === a1!.spec.nodeName)!;
    // What is shared: owner references within a DaemonSet, the node pin across DaemonSets.
    expect(a1!.metadata.ownerReferences).toBe(a2!.metadata.ownerReferences);
    expect(a1!.spec.affinity).toBe(l1.spec.affinity);
    freezeStore(c);
    run(c, 'kubectl set image ds/agent agent=registry.example/agent:1.1');
    run(c, 'sim settle --timeout=1h');
    freezeStore(c);
    run(c, 'sim node fail node-2');
    run(c, 'sim advance 2m');
    freezeStore(c);
    run(c, 'sim node recover node-2');
    run(c, 'sim settle --timeout=1h');
    freezeStore(c);
    run(c, 'sim node remove node-3');
    run(c, 'sim advance 61m');
    expect(run(c, 'kubectl get ds')).toMatch(/agent +2 +2 +2 +2 +2/);
    expect(c.store.count('Event')).toBe(0); // an hour after the last write, every Event has expired
  });
});
