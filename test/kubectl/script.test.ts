import { describe, expect, it } from 'vitest';
import { parseScript } from '../../src/kubectl/script.js';

describe('parseScript', () => {
  it('returns one command per line with its line number, skipping blanks and comments', () => {
    const text = '# set up\n\nkubectl get nodes\n  sim node add node-3   # a comment\n\t\nkubectl get ds -o wide\n';
    expect(parseScript(text)).toEqual({
      commands: [
        { line: 3, text: 'kubectl get nodes' },
        { line: 4, text: 'sim node add node-3' },
        { line: 6, text: 'kubectl get ds -o wide' },
      ],
    });
  });

  it('keeps # inside quotes and inside words', () => {
    expect(parseScript(`kubectl annotate ds x note='a # b' # trailing\nkubectl get ds#x`)).toEqual({
      commands: [
        { line: 1, text: "kubectl annotate ds x note='a # b'" },
        { line: 2, text: 'kubectl get ds#x' },
      ],
    });
  });

  it('joins lines ending in a backslash', () => {
    expect(parseScript('kubectl get ds \\\n  -o wide \\\n  -n kube-system\nkubectl get pods')).toEqual({
      commands: [
        { line: 1, text: 'kubectl get ds   -o wide   -n kube-system' },
        { line: 4, text: 'kubectl get pods' },
      ],
    });
  });

  it('gives a here-document to its command as stdin, each line with its newline', () => {
    const text = ['kubectl apply -f - <<EOF', 'apiVersion: apps/v1', 'kind: DaemonSet', '', 'EOF', 'kubectl get ds'].join('\n');
    expect(parseScript(text)).toEqual({
      commands: [
        { line: 1, text: 'kubectl apply -f -', stdin: 'apiVersion: apps/v1\nkind: DaemonSet\n\n' },
        { line: 6, text: 'kubectl get ds' },
      ],
    });
  });

  it('accepts quoted delimiters, <<- tab stripping, empty bodies and CRLF', () => {
    expect(parseScript("kubectl apply -f - <<'YAML'\n  a: $x\nYAML")).toEqual({ commands: [{ line: 1, text: 'kubectl apply -f -', stdin: '  a: $x\n' }] });
    expect(parseScript('kubectl apply -f - <<"EOF"\nEOF')).toEqual({ commands: [{ line: 1, text: 'kubectl apply -f -', stdin: '' }] });
    expect(parseScript('kubectl apply -f - <<-EOF\n\t\ta: 1\n\t  b: 2\n\tEOF\n')).toEqual({ commands: [{ line: 1, text: 'kubectl apply -f -', stdin: 'a: 1\n  b: 2\n' }] });
    expect(parseScript('kubectl apply -f - <<EOF\r\na: 1\r\nEOF\r\nkubectl get ds\r\n')).toEqual({
      commands: [
        { line: 1, text: 'kubectl apply -f -', stdin: 'a: 1\n' },
        { line: 4, text: 'kubectl get ds' },
      ],
    });
  });

  it('does not treat comment-like or command-like lines in a body as script', () => {
    expect(parseScript('kubectl apply -f - <<EOF\n# not a comment\nkubectl get x | y\n  EOF\nEOF')).toEqual({
      commands: [{ line: 1, text: 'kubectl apply -f -', stdin: '# not a comment\nkubectl get x | y\n  EOF\n' }],
    });
  });

  it('finds a here-document after a continued line', () => {
    expect(parseScript('kubectl apply \\\n  -f - <<EOF\nx: 1\nEOF')).toEqual({ commands: [{ line: 1, text: 'kubectl apply   -f -', stdin: 'x: 1\n' }] });
  });

  it('reports an unterminated here-document at the line where it started', () => {
    expect(parseScript('kubectl get ds\n\n\nkubectl apply -f - <<EOF\na: 1\n')).toEqual({
      error: 'line 4: here-document delimited by end-of-file (wanted "EOF")',
      line: 4,
    });
    expect(parseScript('kubectl apply \\\n -f - <<END\n')).toEqual({ error: 'line 2: here-document delimited by end-of-file (wanted "END")', line: 2 });
  });

  it('reports an unterminated quote at its line', () => {
    expect(parseScript("kubectl get ds\nkubectl get ds -o jsonpath='{.items}\nkubectl get pods")).toEqual({
      error: "line 2: unexpected end of line while looking for matching `''",
      line: 2,
    });
    expect(parseScript('kubectl annotate \\\n ds x a="b\nc"')).toEqual({ error: 'line 2: unexpected end of line while looking for matching `"\'', line: 2 });
  });

  it('leaves operators to the line that runs, and reports what it cannot parse with its line', () => {
    expect(parseScript('kubectl get ds\nkubectl get pods | grep web && x > y')).toEqual({
      commands: [
        { line: 1, text: 'kubectl get ds' },
        { line: 2, text: 'kubectl get pods | grep web && x > y' },
      ],
    });
    expect(parseScript('kubectl apply -f - <<EOF | grep created\nkind: x | y > z\nEOF')).toEqual({ commands: [{ line: 1, text: 'kubectl apply -f -  | grep created', stdin: 'kind: x | y > z\n' }] });
    expect(parseScript('a <<A <<B\nx\nA')).toEqual({ error: 'line 1: only one here-document per command is supported', line: 1 });
  });

  it('returns no commands for an empty script', () => {
    expect(parseScript('')).toEqual({ commands: [] });
    expect(parseScript('\n# nothing\n')).toEqual({ commands: [] });
  });
});
