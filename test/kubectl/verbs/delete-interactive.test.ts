/**
 * `kubectl delete -i`: kubectl v1.34 `pkg/cmd/delete/delete.go` (`RunDelete`'s preview and
 * `confirmation`). The framing (the list, the question, what follows it on its line, `deletion is
 * cancelled`, `No resources found`, exit codes) was recorded from kubectl 1.32 talking to a local
 * stub API server; 1.34 asks `(y/N)` where 1.32 asks `(y/n)`, and reads the answer with
 * `fmt.Fscanln` where 1.32 used `fmt.Fscan`, so a newline before the answer or a second word now
 * cancels (1.32 went on in both cases).
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { addNode, addPod, expectUnchanged, fixture } from './mutating-fixture.js';

const QUESTION = 'Do you want to continue? (y/N): ';

function pods() {
  const f = fixture({ kubelet: true });
  addNode(f.cluster, 'node-1');
  addPod(f.cluster, { name: 'web-1', node: 'node-1', labels: { app: 'web' } });
  addPod(f.cluster, { name: 'web-2', node: 'node-1', labels: { app: 'web' } });
  return f;
}
const pod = (f: ReturnType<typeof fixture>, name: string) => f.cluster.store.get('Pod', 'default', name);

describe('kubectl delete -i: the question and the answer', () => {
  it('lists the objects, asks, and deletes on "y"; the answer is not echoed, so the result follows the question', () => {
    const f = pods();
    expect(f.run('kubectl delete pods web-1 web-2 -i', 'y\n')).toEqual({
      exitCode: 0,
      stdout: `You are about to delete the following 2 resource(s):\npod/web-1\npod/web-2\n${QUESTION}pod "web-1" deleted from default namespace\npod "web-2" deleted from default namespace\n`,
      stderr: '',
    });
    expect(pod(f, 'web-1')).toBeUndefined();
    expect(pod(f, 'web-2')).toBeUndefined();
  });

  it('a pipe feeds the answer: echo y | kubectl delete --interactive', () => {
    const f = pods();
    expect(f.run('echo y | kubectl delete pod/web-1 --interactive').stdout).toBe(
      `You are about to delete the following 1 resource(s):\npod/web-1\n${QUESTION}pod "web-1" deleted from default namespace\n`,
    );
    expect(pod(f, 'web-1')).toBeUndefined();
  });

  it('"Y", spaces around the word, and no newline at the end also go on', () => {
    for (const answer of ['Y\n', '  y \t\n', 'y']) {
      const f = pods();
      expect(f.run('kubectl delete pod web-1 -i', answer).stdout).toBe(`You are about to delete the following 1 resource(s):\npod/web-1\n${QUESTION}pod "web-1" deleted from default namespace\n`);
    }
  });

  it('anything else cancels, exits 0 and deletes nothing: another word, no input, an empty line, two words (1.34)', () => {
    const f = pods();
    const cancelled = { exitCode: 0, stdout: `You are about to delete the following 1 resource(s):\npod/web-1\n${QUESTION}deletion is cancelled\n`, stderr: '' };
    expectUnchanged(f.cluster, () => {
      for (const answer of ['n\n', 'yes\n', '', '\n', '\ny\n', 'y n\n', undefined]) expect(f.run('kubectl delete pod web-1 -i', answer)).toEqual(cancelled);
    });
  });

  it('-f - reads standard input to its end first, so there is no answer left: cancelled', () => {
    const f = pods();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete -f - -i', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web-1\n').stdout).toBe(
        `You are about to delete the following 1 resource(s):\npod/web-1\n${QUESTION}deletion is cancelled\n`,
      );
    });
  });
});

describe('kubectl delete -i: what is listed and what follows', () => {
  it('names are listed without being looked up: a missing one is asked about, then fails as without -i', () => {
    const f = pods();
    expect(f.run('kubectl delete pod web-1 nope -i', 'y\n')).toEqual({
      exitCode: 1,
      stdout: `You are about to delete the following 2 resource(s):\npod/web-1\npod/nope\n${QUESTION}pod "web-1" deleted from default namespace\n`,
      stderr: 'Error from server (NotFound): pods "nope" not found\n',
    });
  });

  it('a selector that matches nothing prints "No resources found" and asks nothing', () => {
    const f = pods();
    expect(f.run('kubectl delete pods -l app=db -i', 'y\n')).toEqual({ exitCode: 0, stdout: 'No resources found\n', stderr: '' });
  });

  it('a DaemonSet is listed with its group; -o name and --dry-run=client print their own lines after the question', () => {
    const f = pods();
    const listed = `You are about to delete the following 2 resource(s):\npod/web-1\npod/web-2\n${QUESTION}`;
    expect(f.run('kubectl delete pods --all -i --dry-run=client', 'y\n').stdout).toBe(`${listed}pod "web-1" deleted from default namespace (dry run)\npod "web-2" deleted from default namespace (dry run)\n`);
    expect(pod(f, 'web-1')).toBeDefined();
    expect(f.run('kubectl delete pods -l app=web -i -o name', 'y\n').stdout).toBe(`${listed}pod/web-1\npod/web-2\n`);
    f.run('kubectl create -f -', 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\nspec:\n  selector:\n    matchLabels: {app: agent}\n  template:\n    metadata:\n      labels: {app: agent}\n    spec:\n      containers: [{name: a, image: busybox}]\n');
    expect(f.run('kubectl delete ds agent -i', 'n\n').stdout).toBe(`You are about to delete the following 1 resource(s):\ndaemonset.apps/agent\n${QUESTION}deletion is cancelled\n`);
  });

  it('an error while listing (a kind the playground does not serve) ends the command before the question', () => {
    const f = pods();
    const files: Record<string, string> = { 'mixed.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: web-1\n' };
    expectUnchanged(f.cluster, () => {
      expect(exec(f.cluster, 'kubectl delete -f mixed.yaml -i', 'y\n', { readFile: (p) => files[p] })).toEqual({
        exitCode: 1,
        stdout: '',
        stderr:
          'error: resource mapping not found for name: "settings" namespace: "" from "mixed.yaml": no matches for kind "ConfigMap" in version "v1"\nensure CRDs are installed first\n',
      });
    });
  });
});
