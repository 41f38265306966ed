import { describe, expect, it } from 'vitest';
import { scanWords, splitPipeline } from '../../src/kubectl/shell-words.js';

/** The words of a one-command line, or its error. */
function splitArgs(line: string): string[] | { error: string } {
  const r = splitPipeline(line);
  if ('error' in r) return r;
  expect(r.stages).toHaveLength(1);
  return r.stages[0]!.words;
}

describe('splitPipeline', () => {
  it('takes "> FILE" and ">> FILE" at the end of a line as where its standard output goes', () => {
    expect(splitPipeline('kubectl get ds agent -o yaml > agent.yaml')).toEqual({
      stages: [{ words: ['kubectl', 'get', 'ds', 'agent', '-o', 'yaml'], text: 'kubectl get ds agent -o yaml' }],
      redirect: { file: 'agent.yaml', append: false },
    });
    expect(splitPipeline('kubectl get pods | grep x >>pods.txt')).toEqual({
      stages: [
        { words: ['kubectl', 'get', 'pods'], text: 'kubectl get pods' },
        { words: ['grep', 'x'], text: 'grep x' },
      ],
      redirect: { file: 'pods.txt', append: true },
    });
    expect(splitPipeline("kubectl get ds>'my file'")).toMatchObject({ redirect: { file: 'my file', append: false } });
    expect(splitPipeline('kubectl get ds > a{.yaml}')).toMatchObject({ redirect: { file: 'a{.yaml}' } });
    expect(splitPipeline('kubectl get ds 2 > x')).toMatchObject({ stages: [{ words: ['kubectl', 'get', 'ds', '2'] }], redirect: { file: 'x' } });
  });

  it('takes 2>&1 and 2>/dev/null on the command, or after > FILE for the file, as bash orders them', () => {
    const get = { words: ['kubectl', 'get', 'pods', '-o', 'wide'], text: 'kubectl get pods -o wide' };
    expect(splitPipeline('kubectl get pods 2>&1 -o wide')).toEqual({ stages: [get], errorsTo: 'stdout' });
    expect(splitPipeline('kubectl get pods 2> /dev/null -o wide | wc -l')).toEqual({ stages: [get, { words: ['wc', '-l'], text: 'wc -l' }], errorsTo: 'null' });
    expect(splitPipeline('kubectl get pods -o wide > f 2>&1')).toEqual({ stages: [get], redirect: { file: 'f', append: false, withErrors: true } });
    // The errors go where the output went before the file did: the terminal.
    expect(splitPipeline('kubectl get pods -o wide 2>&1 > f')).toEqual({ stages: [get], redirect: { file: 'f', append: false } });
    expect(splitPipeline('kubectl get pods -o wide 2>&1 | wc -l > f')).toMatchObject({ redirect: { file: 'f' }, errorsTo: 'stdout' });
    expect(splitPipeline('kubectl get pods -o wide >> f 2>/dev/null')).toEqual({ stages: [get], redirect: { file: 'f', append: true }, errorsTo: 'null' });
    expect(splitPipeline("kubectl get pods '2'>&1")).toHaveProperty('error');
  });

  it('splits on blanks and removes quotes', () => {
    expect(splitArgs('kubectl get ds -o wide')).toEqual(['kubectl', 'get', 'ds', '-o', 'wide']);
    expect(splitArgs("kubectl get ds -o jsonpath='{.spec.updateStrategy}'")).toEqual(['kubectl', 'get', 'ds', '-o', 'jsonpath={.spec.updateStrategy}']);
    expect(splitArgs('  kubectl\tget   pods  ')).toEqual(['kubectl', 'get', 'pods']);
    expect(splitArgs('')).toEqual([]);
  });

  it('joins adjacent pieces and keeps empty quoted words', () => {
    expect(splitArgs(`--x='a b'c"d e"`)).toEqual(['--x=a bcd e']);
    expect(splitArgs(`kubectl label node n1 key=''`)).toEqual(['kubectl', 'label', 'node', 'n1', 'key=']);
    expect(splitArgs(`a '' b`)).toEqual(['a', '', 'b']);
  });

  it('double quotes keep backslashes except before " \\ $ `', () => {
    expect(splitArgs(`"a \\"b\\" \\\\ \\$x \\n"`)).toEqual(['a "b" \\ $x \\n']);
    expect(splitArgs(`-o jsonpath="{range .items[*]}{.metadata.name}{'\\n'}{end}"`)).toEqual(['-o', "jsonpath={range .items[*]}{.metadata.name}{'\\n'}{end}"]);
  });

  it('single quotes are literal, unquoted backslashes escape', () => {
    expect(splitArgs(`'a\\b "c"'`)).toEqual(['a\\b "c"']);
    expect(splitArgs(`a\\ b c\\"d`)).toEqual(['a b', 'c"d']);
    expect(splitArgs(`kubectl get node -l kubernetes.io/os\\=linux`)).toEqual(['kubectl', 'get', 'node', '-l', 'kubernetes.io/os=linux']);
    expect(splitArgs('a \\')).toEqual(['a', '\\']);
    expect(splitArgs('a \\\n b')).toEqual(['a', 'b']);
  });

  it('keeps $, *, ! and ~ literal (no variables, globs, history or tilde), and expands unquoted braces', () => {
    expect(splitArgs('echo $HOME * {a,b} !x ~')).toEqual(['echo', '$HOME', '*', 'a', 'b', '!x', '~']);
    expect(splitArgs("echo '{a,b}' \"{a,b}\" \\{a,b}")).toEqual(['echo', '{a,b}', '{a,b}', '{a,b}']);
  });

  it('drops comments that start a word', () => {
    expect(splitArgs('kubectl get ds # list them')).toEqual(['kubectl', 'get', 'ds']);
    expect(splitArgs('kubectl get ds#not-a-comment')).toEqual(['kubectl', 'get', 'ds#not-a-comment']);
    expect(splitArgs("kubectl get ds '# quoted'")).toEqual(['kubectl', 'get', 'ds', '# quoted']);
    expect(splitArgs('# only a comment')).toEqual([]);
  });

  it('splits a pipeline into its commands, each with its own text', () => {
    expect(splitPipeline('kubectl get pods | grep web')).toEqual({
      stages: [
        { words: ['kubectl', 'get', 'pods'], text: 'kubectl get pods' },
        { words: ['grep', 'web'], text: 'grep web' },
      ],
    });
    expect(splitPipeline("kubectl get pods -o name|grep -v 'a|b' |wc -l")).toMatchObject({
      stages: [{ words: ['kubectl', 'get', 'pods', '-o', 'name'] }, { words: ['grep', '-v', 'a|b'] }, { words: ['wc', '-l'] }],
    });
    expect(splitPipeline('kubectl get pods # | grep web')).toEqual({ stages: [{ words: ['kubectl', 'get', 'pods'], text: 'kubectl get pods # | grep web' }] });
    expect(splitPipeline('| grep web')).toEqual({ error: "syntax error near unexpected token `|'" });
    expect(splitPipeline('kubectl get pods | | grep web')).toEqual({ error: "syntax error near unexpected token `|'" });
    expect(splitPipeline('kubectl get pods |')).toEqual({ error: "syntax error: a command must follow `|'" });
  });

  it('refuses other shell operators with a clear message', () => {
    expect(splitArgs("kubectl get pods -l 'a|b'")).toEqual(['kubectl', 'get', 'pods', '-l', 'a|b']);
    expect(splitArgs('kubectl get pods |& grep x')).toEqual({ error: 'piping standard error (|&) is not supported: a filter reads the standard output of the command before it' });
    expect(splitArgs('a && b')).toEqual({ error: 'command lists (;, &&, ||) are not supported: run one command per line' });
    expect(splitArgs('a || b')).toEqual({ error: 'command lists (;, &&, ||) are not supported: run one command per line' });
    expect(splitArgs('a; b')).toEqual({ error: 'command lists (;, &&, ||) are not supported: run one command per line' });
    expect(splitArgs('a &')).toEqual({ error: 'background jobs (&) are not supported: run one command per line' });
    expect(splitArgs('a < in.txt')).toEqual({ error: 'the redirections here are "> FILE" and ">> FILE" at the end of a line (into an editor file), and "2>&1" and "2>/dev/null" on the command before any pipe; pass files with -f, or stdin with a here-document (<<EOF)' });
    expect(splitArgs('a | b 2>&1')).toEqual({ error: 'the redirections here are "> FILE" and ">> FILE" at the end of a line (into an editor file), and "2>&1" and "2>/dev/null" on the command before any pipe; pass files with -f, or stdin with a here-document (<<EOF)' });
    expect(splitArgs('a 2>&1 2>/dev/null')).toEqual({ error: 'the redirections here are "> FILE" and ">> FILE" at the end of a line (into an editor file), and "2>&1" and "2>/dev/null" on the command before any pipe; pass files with -f, or stdin with a here-document (<<EOF)' });
    expect(splitArgs('a 2> err.txt')).toEqual({ error: 'the redirections here are "> FILE" and ">> FILE" at the end of a line (into an editor file), and "2>&1" and "2>/dev/null" on the command before any pipe; pass files with -f, or stdin with a here-document (<<EOF)' });
    expect(splitArgs('a > out.txt b')).toEqual({ error: 'the redirections here are "> FILE" and ">> FILE" at the end of a line (into an editor file), and "2>&1" and "2>/dev/null" on the command before any pipe; pass files with -f, or stdin with a here-document (<<EOF)' });
    expect(splitArgs('a >')).toEqual({ error: "syntax error near unexpected token `newline'" });
    expect(splitArgs('a > x{1,2}')).toEqual({ error: 'x{1,2}: ambiguous redirect' });
    expect(splitArgs('kubectl apply -f $(ls)')).toEqual({ error: 'command substitution ($(...) and `...`) is not supported' });
    expect(splitArgs('echo "`date`"')).toEqual({ error: 'command substitution ($(...) and `...`) is not supported' });
    expect(splitArgs('kubectl get pods -l app in (a,b)')).toEqual({ error: "syntax error near unexpected token `('" });
    expect(splitArgs('cat <<<x')).toEqual({ error: 'here-strings (<<<) are not supported: use a here-document (<<EOF)' });
    expect(splitArgs('kubectl apply -f - <<EOF')).toEqual({
      error: 'here-documents (<<EOF) are only supported in scripts, where the lines that follow hold the document',
    });
  });

  it('reports unterminated quotes', () => {
    expect(splitArgs("kubectl get ds -o jsonpath='{.items}")).toEqual({ error: "unexpected end of line while looking for matching `''" });
    expect(splitArgs('echo "abc')).toEqual({ error: 'unexpected end of line while looking for matching `"\'' });
  });
});

describe('scanWords', () => {
  it('asks for the next line after a joining backslash unless final', () => {
    expect(scanWords('kubectl get \\', false)).toEqual({ kind: 'continue' });
    expect(scanWords('echo "a \\', false)).toEqual({ kind: 'continue' });
    expect(scanWords('echo a\\\\', false)).toMatchObject({ kind: 'ok', tokens: [{ text: 'echo' }, { text: 'a\\' }] });
    expect(scanWords('# comment \\', false)).toMatchObject({ kind: 'ok', tokens: [] });
  });

  it('finds here-document operators and their delimiters', () => {
    expect(scanWords("kubectl apply -f - <<'EOF'")).toEqual({
      kind: 'ok',
      tokens: [
        { kind: 'word', text: 'kubectl', at: 0 },
        { kind: 'word', text: 'apply', at: 8 },
        { kind: 'word', text: '-f', at: 14 },
        { kind: 'word', text: '-', at: 17 },
      ],
      hereDocs: [{ delimiter: 'EOF', stripTabs: false, at: 19 }],
      cuts: [[19, 26]],
    });
    expect(scanWords('cat <<- "END" x')).toMatchObject({ tokens: [{ text: 'cat' }, { text: 'x' }], hereDocs: [{ delimiter: 'END', stripTabs: true }] });
    expect(scanWords('cat -<<EOF')).toMatchObject({ tokens: [{ text: 'cat' }, { text: '-' }], hereDocs: [{ delimiter: 'EOF' }] });
    expect(scanWords('cat <<')).toEqual({ kind: 'error', error: "syntax error near unexpected token `newline'", at: 4 });
  });

  it('records operators as tokens and carries on, so a script still finds where a command ends', () => {
    expect(scanWords('kubectl apply -f - <<EOF | grep "a|b" && x >out')).toMatchObject({
      kind: 'ok',
      tokens: [{ text: 'kubectl' }, { text: 'apply' }, { text: '-f' }, { text: '-' }, { op: '|', at: 25 }, { text: 'grep' }, { text: 'a|b' }, { op: '&&' }, { text: 'x' }, { op: '>' }, { text: 'out' }],
      hereDocs: [{ delimiter: 'EOF' }],
    });
    expect(scanWords('echo "$(date)" `x` $(y)')).toMatchObject({ kind: 'ok', tokens: [{ text: 'echo' }, { op: '$(', at: 6 }, { text: '$(date)' }, { op: '`' }, { text: 'x' }, { op: '`' }, { op: '$(' }, { text: 'y' }, { op: ')' }] });
  });
});
