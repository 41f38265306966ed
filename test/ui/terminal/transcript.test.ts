/** The terminal's transcript echoes a run as it is sent and puts what ran in that line's place. */
import { describe, expect, it } from 'vitest';
import { SCROLLBACK_LINES, Transcript, blocksOf, type TranscriptLine } from '../../../src/ui/terminal/transcript.svelte.js';
import { commandResult } from '../../../src/kubectl/session.js';

const ok = (command: string, stdout: string) => commandResult(command, { exitCode: 0, stdout, stderr: '' });

describe('Transcript', () => {
  it('echoes a run at once and replaces it in place with the commands that ran and their output', () => {
    const t = new Transcript();
    const run = t.running('sim node add a\nkubectl get nodes', 'terminal');
    t.show([ok('sim advance 1m', 'now 00:01:00\n')], 'time');
    expect(t.lines.map((l) => l.kind)).toEqual(['running', 'command', 'stdout']);
    t.show([ok('sim node add a', 'node/a created\n'), ok('kubectl get nodes', 'NAME\n')], 'terminal', run);
    expect(t.lines.map((l) => [l.kind, l.text])).toEqual([
      ['command', 'sim node add a'],
      ['stdout', 'node/a created\n'],
      ['command', 'kubectl get nodes'],
      ['stdout', 'NAME\n'],
      ['command', 'sim advance 1m'],
      ['stdout', 'now 00:01:00\n'],
    ]);
  });

  it('shows a line dropped with Ctrl+C as a shell does, after what is there', () => {
    const t = new Transcript();
    t.show([ok('kubectl get nodes', 'NAME\n')], 'terminal');
    t.cancelled('kubectl delete node node-1');
    expect(t.lines.at(-1)).toEqual({ kind: 'command', text: 'kubectl delete node node-1^C', source: 'terminal' });
    expect(t.lines).toHaveLength(3);
  });

  it('replaces a run that failed with its text and the message', () => {
    const t = new Transcript();
    const run = t.running("sim node add 'a", 'editor');
    t.showError("sim node add 'a", { error: 'line 1: unterminated quote' }, 'editor', run);
    expect(t.lines).toEqual([
      { kind: 'command', text: "sim node add 'a", source: 'editor' },
      { kind: 'stderr', text: 'line 1: unterminated quote\n' },
    ]);
  });

  it('appends what ran when its running line was cleared meanwhile', () => {
    const t = new Transcript();
    const run = t.running('sim node add a', 'terminal');
    t.clear();
    t.show([ok('sim node add a', 'node/a created\n')], 'terminal', run);
    expect(t.lines.map((l) => l.kind)).toEqual(['command', 'stdout']);
  });

  it('groups the lines in blocks, a new one at each command or running line, with the output after it', () => {
    const line = (kind: TranscriptLine['kind'], text: string): TranscriptLine => ({ kind, text });
    const lines = [line('stdout', 'before any command\n'), line('command', 'a'), line('stdout', '1\n'), line('stderr', '2\n'), line('command', 'b'), line('running', 'c')];
    expect(blocksOf(lines).map((b) => b.map((l) => l.text))).toEqual([['before any command\n'], ['a', '1\n', '2\n'], ['b'], ['c']]);
    expect(blocksOf([])).toEqual([]);
    const t = new Transcript();
    t.show([ok('sim node add a', 'node/a created\n')], 'terminal');
    t.running('kubectl get nodes', 'terminal');
    expect(t.blocks.map((b) => b.map((l) => l.kind))).toEqual([['command', 'stdout'], ['running']]);
  });

  it('keeps a scrollback of the newest lines, cut to 8,000 when it overflows, with a notice of all dropped first', () => {
    const many = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}-${i + 1}\n`).join('');
    const t = new Transcript();
    t.show([ok('kubectl get ds', many(3, 'ds'))], 'terminal');
    expect(t.lines.map((l) => l.kind)).toEqual(['command', 'stdout']);
    // 1 + 3 + 1 + 9,995 = 10,000 lines: at the limit, nothing goes.
    t.show([ok('kubectl get pods', many(9_995, 'pod'))], 'terminal');
    expect(t.lines.map((l) => l.kind)).toEqual(['command', 'stdout', 'command', 'stdout']);
    expect(SCROLLBACK_LINES).toBe(10_000);
    // One line more: 2,001 go (the first command, its output, the second command and 1,996 lines of the second output).
    const run = t.running('kubectl get nodes -o yaml', 'terminal');
    expect(t.lines.map((l) => l.kind)).toEqual(['notice', 'stdout', 'running']);
    expect(t.lines[0]!.text).toBe('[2,001 earlier lines are past the 10,000-line scrollback; pipe a long output to head, tail or grep]\n');
    expect(t.lines[1]!.text).toBe(many(9_995, 'pod').split('\n').slice(1_996).join('\n'));
    expect(t.lines[1]!.text.startsWith('pod-1997\n')).toBe(true);
    // An output of 550,000 lines in the running line's place: its last 8,000 are kept, the count goes on.
    t.show([ok('kubectl get nodes -o yaml', many(550_000, 'y'))], 'terminal', run);
    const kinds = t.lines.map((l) => l.kind);
    expect(kinds).toEqual(['notice', 'stdout']);
    const kept = t.lines[1]!.text;
    expect(kept.split('\n')).toHaveLength(8_001);
    expect(kept.startsWith('y-542001\n') && kept.endsWith('y-550000\n')).toBe(true);
    expect(t.lines[0]!.text).toContain('[552,001 earlier lines are past');
    // An output without a final newline keeps its last lines too; clear starts the count again.
    t.clear();
    t.show([ok('x', `${many(10_000, 'z')}last`)], 'terminal');
    expect(t.lines[0]!.text).toContain('[2,002 earlier lines are past');
    expect(t.lines[1]!.text.endsWith('z-10000\nlast')).toBe(true);
    expect(t.lines[1]!.text.split('\n')).toHaveLength(8_000);
  });

  it('groups the notice and the output cut under it in the first block', () => {
    const t = new Transcript();
    t.show([ok('a', 'x\n'.repeat(12_000))], 'terminal');
    t.show([ok('b', 'y\n')], 'terminal');
    expect(t.blocks.map((b) => b.map((l) => l.kind))).toEqual([['notice', 'stdout'], ['command', 'stdout']]);
  });
});
