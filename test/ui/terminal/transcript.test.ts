/** The terminal's transcript echoes a run as it is sent and puts what ran in that line's place. */
import { describe, expect, it } from 'vitest';
import { Transcript, blocksOf, type TranscriptLine } from '../../../src/ui/terminal/transcript.svelte.js';
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
});
