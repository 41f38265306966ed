/** Tab completion offers what kubectl's own tables accept, and live names where a name goes. */
import { describe, expect, it } from 'vitest';
import { complete } from '../../../src/ui/terminal/complete.js';
import type { Kind } from '../../../src/sim/api/types.js';
import { KUBECTL_VERBS } from '../../../src/kubectl/verbs/index.js';

const live: Partial<Record<Kind, string[]>> = { Node: ['node-1', 'node-2', 'gpu-1'], DaemonSet: ['agent', 'logs'], Pod: ['agent-abcde'] };
const source = { names: (k: Kind) => live[k] ?? [], files: () => ['agent.yaml', 'agent-v2.yaml', 'notes.md'] };
const at = (text: string) => complete(text, text.length, source);

describe('complete', () => {
  it('offers the editor\'s files where a file goes: -f, --filename=, cat, > FILE', () => {
    expect(at('kubectl apply -f ').candidates).toEqual(['agent-v2.yaml', 'agent.yaml', 'notes.md']);
    expect(at('kubectl apply -f agent-')).toEqual({ start: 17, end: 23, candidates: ['agent-v2.yaml'] });
    expect(at('kubectl apply --filename no').candidates).toEqual(['notes.md']);
    expect(at('kubectl apply --filename=ag').candidates).toEqual(['--filename=agent-v2.yaml', '--filename=agent.yaml']);
    expect(at('kubectl diff -fno').candidates).toEqual(['-fnotes.md']);
    expect(at('kubectl delete -f=n').candidates).toEqual(['-f=notes.md']);
    expect(at('cat a').candidates).toEqual(['agent-v2.yaml', 'agent.yaml']);
    expect(at('cat -n agent.yaml n').candidates).toEqual(['notes.md']);
    expect(at('kubectl get ds agent -o yaml > n').candidates).toEqual(['notes.md']);
    // Not where a flag or a type goes.
    expect(at('kubectl apply -').candidates).toContain('--filename');
    expect(at('kubectl get ').candidates).not.toContain('agent.yaml');
  });

  it('completes the stage after a pipe: the programs and filters that may stand there, then their words', () => {
    expect(at('kubectl get pods | ').candidates).toEqual(['cat', 'cut', 'echo', 'grep', 'head', 'kubectl', 'sed', 'sim', 'sort', 'tail', 'uniq', 'wc']);
    expect(at('kubectl get pods | gr').candidates).toEqual(['grep']);
    expect(at('cat agent.yaml | kubectl app').candidates).toEqual(['apply']);
    expect(at('cat agent.yaml | kubectl apply -f agent.yaml | kubectl get nod').candidates).toEqual(['node', 'nodes']);
  });

  it('completes programs, then verbs from the verb tables', () => {
    expect(at('ku')).toEqual({ start: 0, end: 2, candidates: ['kubectl'] });
    expect(at('').candidates).toEqual(['cat', 'clear', 'echo', 'kubectl', 'sim']);
    expect(at('c').candidates).toEqual(['cat', 'clear']);
    expect(at('kubectl ').candidates).toEqual(Object.keys(KUBECTL_VERBS).sort());
    expect(at('kubectl ro').candidates).toEqual(['rollout']);
    expect(at('sim ad').candidates).toEqual(['advance']);
    expect(at('helm ').candidates).toEqual([]);
  });

  it('completes resource types and then live names of that type', () => {
    expect(at('kubectl get d').candidates).toEqual(['daemonset', 'daemonsets', 'ds']);
    expect(at('kubectl get ds ').candidates).toEqual(['agent', 'logs']);
    expect(at('kubectl describe node n').candidates).toEqual(['node-1', 'node-2']);
    expect(at('kubectl get ds/a')).toEqual({ start: 12, end: 16, candidates: ['ds/agent'] });
    expect(at('kubectl rollout status ds/').candidates).toEqual(['ds/agent', 'ds/logs']);
    expect(at('kubectl rollout ').candidates).toEqual([]);
    expect(at('kubectl get nope/').candidates).toEqual([]);
  });

  it('completes node names where a node goes', () => {
    expect(at('kubectl cordon ').candidates).toEqual(['gpu-1', 'node-1', 'node-2']);
    expect(at('kubectl taint ').candidates).toEqual(['no', 'node', 'nodes']);
    expect(at('kubectl taint nodes g').candidates).toEqual(['gpu-1']);
    expect(at('sim why node-').candidates).toEqual(['node-1', 'node-2']);
    expect(at('sim node fail ').candidates).toHaveLength(3);
    expect(at('sim node add ').candidates).toEqual([]);
  });

  it('completes flags, and only the word at the caret of its own line', () => {
    expect(at('kubectl get pods --all').candidates).toEqual(['--all-namespaces', '--allow-missing-template-keys']);
    expect(at('kubectl get pods --all-').candidates).toEqual(['--all-namespaces']);
    expect(at('kubectl get pods -').candidates).toContain('-n');
    // each command's own table: subcommands included, kubectl's -A only where a verb declares it
    expect(at('kubectl rollout status ds/agent --ti').candidates).toEqual(['--timeout']);
    expect(at('kubectl cordon node-1 --all').candidates).toEqual([]);
    expect(at('sim node add n1 --ta').candidates).toEqual(['--taints']);
    expect(at('sim why node-1 -').candidates).toEqual(['--all-namespaces', '--namespace', '-A', '-n']);
    const text = 'sim node add a\nkubectl get ds a';
    expect(complete(text, text.length, source)).toEqual({ start: text.length - 1, end: text.length, candidates: ['agent'] });
    expect(complete('kubectl get ds a --x', 16, source)).toEqual({ start: 15, end: 16, candidates: ['agent'] });
  });
});
