/**
 * `chunksFor`: which parts of the command language a script needs before it runs, read as exec
 * reads each command (every kubectl or sim stage of a pipe, kubectl's namespace flags before the verb, help).
 */
import { describe, expect, it } from 'vitest';
import { chunksFor } from '../../src/kubectl/chunks.js';

describe('chunksFor', () => {
  it('needs nothing for what a first picture runs, nor for unknown programs and verbs', () => {
    expect(chunksFor('sim node add node-{1..3} --labels pool=general\nsim settle')).toEqual([]);
    expect(chunksFor('sim advance 5m\nsim step --wave\nsim checkpoint a\nsim rewind a')).toEqual([]);
    expect(chunksFor('kubectl frobnicate pods\nsim nope\nls -l\n')).toEqual([]);
    expect(chunksFor('')).toEqual([]);
  });

  it('maps each verb to its part, through pipes, namespace flags before the verb and many lines', () => {
    expect(chunksFor('kubectl get pods -o wide')).toEqual(['kubectl']);
    expect(chunksFor('kubectl describe node node-1 | grep Taints')).toEqual(['inspect']);
    expect(chunksFor('kubectl -n kube-system describe pods')).toEqual(['inspect']);
    expect(chunksFor('kubectl --namespace=x logs p')).toEqual(['inspect']);
    expect(chunksFor('sim why node-1')).toEqual(['why']);
    expect(chunksFor('kubectl get nodes | sim why node-1')).toEqual(['kubectl', 'why']);
    expect(chunksFor('sim node add a\nkubectl apply -f ds.yaml\n\n# a comment\nkubectl events\nsim why a')).toEqual(['inspect', 'kubectl', 'why']);
  });

  it('reads a script with here-documents and continued lines, and needs nothing for one that does not parse', () => {
    expect(chunksFor('kubectl apply -f - <<EOF\nkind: DaemonSet\nkubectl describe x\nEOF\nsim settle')).toEqual(['kubectl']);
    expect(chunksFor('kubectl \\\n  diff -f ds.yaml')).toEqual(['inspect']);
    expect(chunksFor("kubectl describe 'node")).toEqual([]);
  });

  it('takes the lines of a log one by one, as they were run', () => {
    expect(chunksFor(['sim node add a', 'kubectl apply -f ds.yaml', 'kubectl wait --for=delete pod/x'])).toEqual(['inspect', 'kubectl']);
  });

  it('loads the help pages for every way of asking for help', () => {
    for (const line of ['help', 'kubectl', 'sim', 'kubectl --help', 'sim -h', 'kubectl help get', 'sim help node', 'kubectl options', 'kubectl rollout', 'kubectl set --context=x']) {
      expect(chunksFor(line), line).toContain('help');
    }
    expect(chunksFor('kubectl get pods -h')).toEqual(['help', 'kubectl']);
    expect(chunksFor('kubectl rollout status ds/a')).toEqual(['kubectl']);
    expect(chunksFor('kubectl get pods --helpful')).toEqual(['kubectl']);
  });
});
