/**
 * "Copy as script": the CLI, run as a real process on the copied script, rebuilds the cluster
 * the page's log rebuilds (`kubectl get pods -o json` byte for byte), with editor files carried
 * as here-documents and the Timeline position respected.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { sessionScript } from '../../../src/ui/share/script.js';
import { rebuild, type SessionLog } from '../../../src/ui/worker/session-log.js';

const BIN = resolve(__dirname, '../../../bin/everynode.js');

const DS = (image: string) =>
  `apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent}\nspec:\n  selector: {matchLabels: {app: agent}}\n  template:\n    metadata: {labels: {app: agent}}\n    spec:\n      containers: [{name: agent, image: "${image}"}]\n`;

const LOG: SessionLog = {
  format: 1,
  engine: 'everynode test',
  seed: 5,
  commands: [
    { line: 'sim node add node-{1..3} --labels pool=general' },
    { line: 'kubectl apply -f ds.yaml', files: { 'ds.yaml': DS('agent:1') } },
    { line: 'sim advance 20s' },
    { line: 'kubectl apply --filename=ds.yaml', files: { 'ds.yaml': `${DS('agent:2')}\n` } },
    { line: 'kubectl apply -f -', stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: "c # d"}\n' },
    { line: 'kubectl apply -f -', stdin: 'EOF\n' },
    { line: "kubectl annotate ds agent 'note=a # b'" },
    { line: 'sim advance 1m' },
    { line: 'sim node fail node-2' },
  ],
};

function cliPods(script: string, seed: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'everynode-share-'));
  const file = join(dir, 'session.sh');
  writeFileSync(file, `${script}kubectl get pods -o json\n`);
  const r = spawnSync(process.execPath, [BIN, 'run', file, '--json', '--seed', String(seed)], { encoding: 'utf8', timeout: 60_000 });
  expect(r.status, r.stderr).toBe(0);
  const results = JSON.parse(r.stdout) as { command: string; stdout: string }[];
  return results.at(-1)!.stdout;
}

const pagePods = (log: SessionLog) => exec(rebuild(log).cluster, 'kubectl get pods -o json').stdout;

describe('copy as script', () => {
  it('reproduces the session in the CLI, byte for byte', () => {
    const script = sessionScript(LOG);
    expect(script).toContain("# Replay it: npx everynode run session.sh --seed 5\n");
    expect(script).toContain("kubectl apply -f - <<'EOF'\napiVersion: apps/v1\n");
    expect(script).toContain("kubectl apply -f - <<'EOF1'\nEOF\nEOF1\n");
    expect(script).not.toContain('ds.yaml');
    const pods = pagePods(LOG);
    expect(pods).toContain('"image": "agent:2"');
    expect(cliPods(script, 5)).toBe(pods);
  });

  it('writes the files a command read by other means than -f just before it, so cat | kubectl apply replays', () => {
    const log: SessionLog = {
      ...LOG,
      commands: [
        { line: 'sim node add node-{1..2}' },
        { line: 'sim advance 20s' },
        { line: 'cat ds.yaml | kubectl apply -f -', files: { 'ds.yaml': DS('agent:3') } },
        { line: 'cat -n ds.yaml other.yaml | kubectl apply -f - --dry-run=client', files: { 'ds.yaml': DS('agent:4'), 'other.yaml': 'EOF\n' } },
      ],
    };
    const script = sessionScript(log);
    expect(script).toContain(`cat > ds.yaml <<'EOF'\n${DS('agent:3')}EOF\ncat ds.yaml | kubectl apply -f -\n`);
    expect(script).toContain("cat > other.yaml <<'EOF1'\nEOF\nEOF1\n");
    const pods = pagePods(log);
    expect(pods).toContain('"image": "agent:3"');
    expect(cliPods(script, 5)).toBe(pods);
  });

  it('stops at the Timeline position shown', () => {
    const script = sessionScript(LOG, 2);
    expect(script).not.toContain('sim advance');
    expect(cliPods(script, 5)).toBe(pagePods({ ...LOG, commands: LOG.commands.slice(0, 2) }));
  });
});
