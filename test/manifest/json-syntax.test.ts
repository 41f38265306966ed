import { describe, expect, it } from 'vitest';
import { exec } from '../../src/kubectl/exec.js';
import { parseManifests } from '../../src/manifest/index.js';
import { guessJSONStream, quoteChar, scanJsonStream } from '../../src/manifest/json-syntax.js';
import { contents, fixture } from '../kubectl/verbs/mutating-fixture.js';

const cm = (name: string): string => `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"${name}"}}`;

// Recorded from `kubectl.1.32 label --local -f - k=v -o name` with the text on stdin (the part after `error parsing STDIN: `).
const RECORDED: [string, string][] = [
  [
    '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x",},"data":{"a":"b"}}',
    "json: offset 62: invalid character '}' looking for beginning of object key string",
  ],
  ['{a:1}', "json: offset 2: invalid character 'a' looking for beginning of object key string"],
  ["{'a':1}", "json: offset 2: invalid character '\\'' looking for beginning of object key string"],
  ['{"a":1} # comment', "json: offset 9: invalid character '#' looking for beginning of value"],
  ['{"a":tru}', "json: offset 9: invalid character '}' in literal true (expecting 'e')"],
  ['{"a":nul}', "json: offset 9: invalid character '}' in literal null (expecting 'l')"],
  ['{"a":fals}', "json: offset 10: invalid character '}' in literal false (expecting 'e')"],
  ['{"a":"\\x"}', "json: offset 8: invalid character 'x' in string escape code"],
  ['{"a":"\\u12g4"}', "json: offset 11: invalid character 'g' in \\u hexadecimal character escape"],
  ['{"a":1.}', "json: offset 8: invalid character '}' after decimal point in numeric literal"],
  ['{"a":1e}', "json: offset 8: invalid character '}' in exponent of numeric literal"],
  ['{"a":1e+}', "json: offset 9: invalid character '}' in exponent of numeric literal"],
  ['{"a":-x}', "json: offset 7: invalid character 'x' in numeric literal"],
  ['{"a":01}', "json: offset 7: invalid character '1' after object key:value pair"],
  ['{"a" 1}', "json: offset 6: invalid character '1' after object key"],
  ['{"a":1 "b"}', "json: offset 8: invalid character '\"' after object key:value pair"],
  ['{"a":[1 2]}', "json: offset 9: invalid character '2' after array element"],
  ['{"a":[1,]}', "json: offset 9: invalid character ']' looking for beginning of value"],
  ['{"a":1}}', "json: offset 8: invalid character '}' looking for beginning of value"],
  ['{"a":"é", "b": x}', "json: offset 17: invalid character 'x' looking for beginning of value"],
  ['{"a":"tab\tx"}', "json: offset 10: invalid character '\\t' in string literal"],
  ['{"a":1 \\ }', "json: offset 8: invalid character '\\\\' after object key:value pair"],
  ['{"a":"\x01"}', "json: offset 7: invalid character '\\x01' in string literal"],
  ['{"a":1,\x7f}', "json: offset 8: invalid character '\\x7f' looking for beginning of object key string"],
  ['\u00a0{"a":1}', "json: offset 1: invalid character 'Â' looking for beginning of value"],
  ['{é:1}', "json: offset 2: invalid character 'Ã' looking for beginning of object key string"],
  ['{"a":1}\n---\nb: 2', "json: offset 10: invalid character '-' in numeric literal"],
  [` \n${cm('a')}\n${cm('b').replace('}}', ',}}')}`, "json: offset 127: invalid character '}' looking for beginning of object key string"],
  ['\ufeff{"a":1,}', "json: offset 8: invalid character '}' looking for beginning of object key string"],
  ['{"a":', 'unexpected EOF'],
  ['{"a":"b', 'unexpected EOF'],
  [`${cm('a')}${cm('b').slice(0, -2)}`, 'unexpected EOF'],
  ['{"a":1} 12 -', 'unexpected EOF'],
];

describe('scanJsonStream: encoding/json Decoder syntax errors as kubectl 1.32 prints them', () => {
  it.each(RECORDED)('%j', (text, message) => {
    expect(guessJSONStream(text)).toBe(true);
    expect(scanJsonStream(text).error?.message).toBe(message);
  });

  it('reads streams of valid values, whatever separates them, and a complete top-level number at the end', () => {
    const two = `${cm('a')}${cm('b')}`;
    expect(scanJsonStream(two)).toEqual({ values: [{ start: 0, end: cm('a').length }, { start: cm('a').length, end: two.length }] });
    const mixed = ` ${cm('a')}\n\t[1, -2.5e+3, "x\\u00e9", true, false, null] "s" 12`;
    const spans = scanJsonStream(mixed).values.map(({ start, end }) => mixed.slice(start, end));
    expect(spans).toEqual([cm('a'), '[1, -2.5e+3, "x\\u00e9", true, false, null]', '"s"', '12']);
  });

  it('gives the values before the bad character and the error at it, in UTF-16 offsets', () => {
    const text = `\ufeff${cm('é😀')}\n{"a":x}`;
    // Go counts bytes from 1 and without the byte order mark: é is one more byte than UTF-16 units, 😀 two more.
    expect(scanJsonStream(text)).toEqual({
      values: [{ start: 1, end: 1 + cm('é😀').length }],
      error: { message: `json: offset ${text.indexOf('x') - 1 + 1 + 2 + 1}: invalid character 'x' looking for beginning of value`, offset: text.indexOf('x') },
    });
  });
});

describe('guessJSONStream: GuessJSONStream', () => {
  it('guesses JSON from a `{` after unicode.IsSpace runes in the first 4096 bytes only', () => {
    expect(guessJSONStream(' \n\u2003{')).toBe(true);
    expect(guessJSONStream('\ufeff {')).toBe(true);
    expect(guessJSONStream(' \ufeff{')).toBe(false);
    expect(guessJSONStream('[1,]')).toBe(false);
    expect(guessJSONStream('a: {')).toBe(false);
    expect(guessJSONStream(`${' '.repeat(4095)}{`)).toBe(true);
    expect(guessJSONStream(`${' '.repeat(4096)}{`)).toBe(false);
  });
});

describe('quoteChar', () => {
  it('quotes a byte as Go does, Latin-1 runes that strconv.IsPrint rejects as \\u escapes', () => {
    expect([0x27, 0x22, 0x0a, 0x00, 0x5c, 0x41, 0x85, 0xa0, 0xad, 0xe9].map(quoteChar)).toEqual(
      ["'\\''", `'"'`, "'\\n'", "'\\x00'", "'\\\\'", "'A'", "'\\u0085'", "'\\u00a0'", "'\\u00ad'", "'é'"],
    );
  });
});

describe('parseManifests: a stream kubectl reads as JSON', () => {
  it('reads the values before a syntax error and stops with one diagnostic at the bad character', () => {
    const text = `${cm('a')}\n${cm('b').replace('}}', ',}}')}\n${cm('c')}`;
    const r = parseManifests(text, 'bad.json');
    expect(r.docs.map((d) => (d.object['metadata'] as { name: string }).name)).toEqual(['a']);
    const message = "error parsing bad.json: json: offset 125: invalid character '}' looking for beginning of object key string";
    expect(r.diagnostics).toEqual([{ severity: 'error', message, line: 2, column: 62, docIndex: 1 }]);
  });

  it('says unexpected EOF at the end of a truncated stream', () => {
    const r = parseManifests(`${cm('a').slice(0, -1)}\n`, 'bad.json');
    expect(r).toEqual({ docs: [], diagnostics: [{ severity: 'error', message: 'error parsing bad.json: unexpected EOF', line: 2, column: 1, docIndex: 0 }] });
  });

  it('leaves a stream that does not start with { to the YAML path', () => {
    expect(parseManifests("metadata: {name: 'a',}\napiVersion: v1\nkind: ConfigMap\n", 'ok.yaml')).toMatchObject({ diagnostics: [], docs: [{ index: 0 }] });
  });

  it('reads each value as a document of its own, with no --- between them, at its own lines and columns', () => {
    const text = `${cm('a')} ${cm('b')}\n\n  {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},\n   "data":{"k":1}}`;
    const r = parseManifests(text, 'three.json');
    expect(r.docs.map((d) => [d.index, (d.object['metadata'] as { name: string }).name, d.range.line, d.range.column])).toEqual([
      [0, 'a', 1, 1],
      [1, 'b', 1, cm('a').length + 2],
      [2, 'c', 3, 3],
    ]);
    expect(r.docs[2]!.valueRange('data.k')).toMatchObject({ line: 4, column: 16 });
  });

  it('reads values as encoding/json does: surrogate escapes, numbers, the last of a repeated key, << as a plain key', () => {
    const text = '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"x","name":"y"},"data":{"s":"\\ud83d\\ude00 \\ud83d \\\\ud83d","<<":"m"},"n":[1e3,-0.5E+1,1.0]}';
    const r = parseManifests(text, 'values.json');
    expect(r.diagnostics).toEqual([]);
    expect(r.docs[0]!.object).toEqual({
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: { name: 'y' },
      data: { s: '😀 \ufffd \\ud83d', '<<': 'm' },
      n: [1000, -5, 1],
    });
    expect(r.docs[0]!.duplicateFields).toEqual(['metadata.name']);
  });
});

describe('kubectl apply -f FILE with malformed JSON', () => {
  it("prints kubectl's JSON error and applies nothing, not even the values before it", () => {
    const f = fixture();
    const before = contents(f.cluster);
    const files: Record<string, string> = { 'bad.json': `${cm('a')}\n{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"b",}}` };
    const r = exec(f.cluster, 'kubectl apply -f bad.json', undefined, { readFile: (p) => files[p] });
    const stderr = "error: error parsing bad.json: json: offset 125: invalid character '}' looking for beginning of object key string\n";
    expect(r).toEqual({ exitCode: 1, stdout: '', stderr });
    expect(contents(f.cluster)).toBe(before);
  });

  it('reads concatenated values, surrogate pairs, JSON numbers and a << key as kubectl does', () => {
    const files: Record<string, string> = {
      'two.json': '{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"a"}} {"apiVersion":"v1","kind":"Namespace","metadata":{"name":"b"}}',
      'emoji.json': '{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"c","annotations":{"x":"smile \\ud83d\\ude00"}}}\n',
      'num.json':
        '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"n"},"data":{"<<":"x","n":"1e3"},"binaryData":null}\n' +
        '{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"name":"d"},"spec":{"revisionHistoryLimit":1e1}}',
    };
    const run = (file: string) => exec(fixture().cluster, `kubectl label --local -f ${file} k=v -o yaml`, undefined, { readFile: (p) => files[p] });
    // Recorded from kubectl 1.32 (`label --local -f FILE k=v -o yaml`).
    const ns = (name: string) => `apiVersion: v1\nkind: Namespace\nmetadata:\n  labels:\n    k: v\n  name: ${name}\n`;
    expect(run('two.json')).toEqual({ exitCode: 0, stdout: ns('a') + ns('b'), stderr: '' });
    expect(run('emoji.json').stdout).toBe('apiVersion: v1\nkind: Namespace\nmetadata:\n  annotations:\n    x: "smile \\U0001F600"\n  labels:\n    k: v\n  name: c\n');
    expect(run('num.json').stdout).toBe(
      'apiVersion: v1\nbinaryData: null\ndata:\n  <<: x\n  "n": "1e3"\nkind: ConfigMap\nmetadata:\n  labels:\n    k: v\n  name: "n"\n' +
        'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  labels:\n    k: v\n  name: d\nspec:\n  revisionHistoryLimit: 10\n',
    );
  });
});
