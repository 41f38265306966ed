import { describe, expect, it } from 'vitest';
import { splitArgs } from '../../src/kubectl/script.js';
import { scanWords } from '../../src/kubectl/shell-words.js';

describe('splitArgs', () => {
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

  it('keeps $, *, {} and ! literal (no expansion)', () => {
    expect(splitArgs('echo $HOME * {a,b} !x ~')).toEqual(['echo', '$HOME', '*', '{a,b}', '!x', '~']);
  });

  it('drops comments that start a word', () => {
    expect(splitArgs('kubectl get ds # list them')).toEqual(['kubectl', 'get', 'ds']);
    expect(splitArgs('kubectl get ds#not-a-comment')).toEqual(['kubectl', 'get', 'ds#not-a-comment']);
    expect(splitArgs("kubectl get ds '# quoted'")).toEqual(['kubectl', 'get', 'ds', '# quoted']);
    expect(splitArgs('# only a comment')).toEqual([]);
  });

  it('refuses shell operators with a clear message', () => {
    expect(splitArgs('kubectl get pods | grep web')).toEqual({ error: 'pipes are not supported: run one command per line' });
    expect(splitArgs("kubectl get pods -o name | xargs echo 'a|b'")).toEqual({ error: 'pipes are not supported: run one command per line' });
    expect(splitArgs("kubectl get pods -l 'a|b'")).toEqual(['kubectl', 'get', 'pods', '-l', 'a|b']);
    expect(splitArgs('a && b')).toEqual({ error: 'command lists (;, &&, ||) are not supported: run one command per line' });
    expect(splitArgs('a || b')).toEqual({ error: 'command lists (;, &&, ||) are not supported: run one command per line' });
    expect(splitArgs('a; b')).toEqual({ error: 'command lists (;, &&, ||) are not supported: run one command per line' });
    expect(splitArgs('a &')).toEqual({ error: 'background jobs (&) are not supported: run one command per line' });
    expect(splitArgs('a > out.txt')).toEqual({ error: 'redirections (<, >) are not supported: pass files with -f, or stdin with a here-document (<<EOF)' });
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
    expect(scanWords('echo a\\\\', false)).toMatchObject({ kind: 'ok', words: ['echo', 'a\\'] });
    expect(scanWords('# comment \\', false)).toMatchObject({ kind: 'ok', words: [] });
  });

  it('finds here-document operators and their delimiters', () => {
    expect(scanWords("kubectl apply -f - <<'EOF'")).toEqual({
      kind: 'ok',
      words: ['kubectl', 'apply', '-f', '-'],
      hereDocs: [{ delimiter: 'EOF', stripTabs: false, at: 19 }],
      cuts: [[19, 26]],
    });
    expect(scanWords('cat <<- "END" x')).toMatchObject({ words: ['cat', 'x'], hereDocs: [{ delimiter: 'END', stripTabs: true }] });
    expect(scanWords('cat -<<EOF')).toMatchObject({ words: ['cat', '-'], hereDocs: [{ delimiter: 'EOF' }] });
    expect(scanWords('cat <<')).toEqual({ kind: 'error', error: "syntax error near unexpected token `newline'", at: 4 });
  });
});
