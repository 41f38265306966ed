/**
 * `everynode run`: the command a newcomer and the hidden upstream-derived suite use, run as a real
 * process through bin/everynode.js (TypeScript through tsx, no build step).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = resolve(__dirname, '../../bin/everynode.js');

function run(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function scriptFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'everynode-cli-'));
  const file = join(dir, 'script.sh');
  writeFileSync(file, text);
  return file;
}

const SCRIPT = `# a comment
sim advance 1m30s

sim now
kubectl get ds missing
`;

describe('everynode run', () => {
  it('prints a transcript and carries on after a failing command', () => {
    const r = run(['run', scriptFile(SCRIPT)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '$ sim advance 1m30s\nnow 2026-01-01T00:01:30Z (+1m30s)\n' +
        '$ sim now\n2026-01-01T00:01:30Z (+1m30s)\n' +
        '$ kubectl get ds missing\nError from server (NotFound): daemonsets.apps "missing" not found\n',
    );
  });

  it('prints a JSON array of results with --json, reading the script from stdin', () => {
    const r = run(['run', '-', '--json'], SCRIPT);
    expect(r.code).toBe(0);
    const results = JSON.parse(r.stdout) as { command: string; exitCode: number; stdout: string; stderr: string }[];
    expect(results.map((x) => x.command)).toEqual(['sim advance 1m30s', 'sim now', 'kubectl get ds missing']);
    expect(results[2]).toEqual({
      command: 'kubectl get ds missing',
      exitCode: 1,
      stdout: '',
      stderr: 'Error from server (NotFound): daemonsets.apps "missing" not found\n',
    });
  });

  it('gives a heredoc to its command as stdin', () => {
    const r = run(['run', '-', '--json'], 'kubectl apply -f - <<EOF\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\nEOF\nkubectl get ns team-a -o name\n');
    const results = JSON.parse(r.stdout) as { stdout: string }[];
    expect(results[0]!.stdout).toBe('namespace/team-a created\n');
    expect(results[1]!.stdout).toBe('namespace/team-a\n');
  });

  it('reads `-f NAME` next to the script', () => {
    const file = scriptFile('kubectl apply -f ns.yaml\nkubectl apply -f missing.yaml\n');
    writeFileSync(join(file, '..', 'ns.yaml'), 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: from-file\n');
    const results = JSON.parse(run(['run', file, '--json']).stdout) as { stdout: string; stderr: string }[];
    expect(results[0]!.stdout).toBe('namespace/from-file created\n');
    expect(results[1]!.stderr).toBe('error: the path "missing.yaml" does not exist\n');
  });

  it('prints each command\'s output in the order it was written, and runs pipes', () => {
    const r = run(['run', '-'], 'sim node add node-1\nkubectl delete -n default node node-1\nkubectl get ns -o name | grep -c kube\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '$ sim node add node-1\nnode/node-1 created\n' +
        '$ kubectl delete -n default node node-1\nWarning: deleting cluster-scoped resources, not scoped to the provided namespace\nnode "node-1" deleted\n' +
        '$ kubectl get ns -o name | grep -c kube\n3\n',
    );
  });

  it('exits 2 and names the line when the script cannot be parsed', () => {
    const r = run(['run', '-'], 'sim now\nkubectl apply -f - <<EOF\nkind: Namespace\n');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^stdin:2: .*EOF/);
  });

  it('exits 2 for a missing file or bad arguments', () => {
    expect(run(['run', '/no/such/file']).code).toBe(2);
    expect(run(['run']).code).toBe(2);
    expect(run(['run', '-', '--seed', 'x'], '').code).toBe(2);
  });

  it('gives byte-identical output for the same script, and seed-dependent names', () => {
    const script = 'kubectl create namespace a\nkubectl get ns a -o jsonpath={.metadata.uid}\n';
    const a = run(['run', '-', '--json'], script).stdout;
    const b = run(['run', '-', '--json'], script).stdout;
    const c = run(['run', '-', '--json', '--seed', '2'], script).stdout;
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });
});
