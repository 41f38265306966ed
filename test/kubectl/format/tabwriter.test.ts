import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { codePoints, formatTable, formatTabbed, KUBECTL_TABLE, TABBED_STRING, TabWriter, type TabWriterOptions } from '../../../src/kubectl/format/tabwriter.js';

function opts(minwidth: number, tabwidth: number, padding: number, padchar: string, flags: Partial<TabWriterOptions> = {}): TabWriterOptions {
  return { minwidth, tabwidth, padding, padchar, ...flags };
}

/** Upstream text/tabwriter (liggitt fork) test table, without the HTML/escape/debug cases. */
const UPSTREAM: [string, TabWriterOptions, string, string][] = [
  ['2', opts(8, 0, 1, '.'), '\n\n\n', '\n\n\n'],
  ['3', opts(8, 0, 1, '.'), 'a\nb\nc', 'a\nb\nc'],
  ['4a', opts(8, 0, 1, '.'), '\t', ''],
  ['4b', opts(8, 0, 1, '.', { alignRight: true }), '\t', ''],
  ['5', opts(8, 0, 1, '.'), '*\t*', '*.......*'],
  ['5b', opts(8, 0, 1, '.'), '*\t*\n', '*.......*\n'],
  ['5c', opts(8, 0, 1, '.'), '*\t*\t', '*.......*'],
  ['5d', opts(8, 0, 1, '.', { alignRight: true }), '*\t*\t', '.......**'],
  ['6', opts(8, 0, 1, '.'), '\t\n', '........\n'],
  ['7a', opts(8, 0, 1, '.'), 'a) foo', 'a) foo'],
  ['7b', opts(8, 0, 1, ' '), 'b) foo\tbar', 'b) foo  bar'],
  ['7c', opts(8, 0, 1, '.'), 'c) foo\tbar\t', 'c) foo..bar'],
  ['7d', opts(8, 0, 1, '.'), 'd) foo\tbar\n', 'd) foo..bar\n'],
  ['7e', opts(8, 0, 1, '.'), 'e) foo\tbar\t\n', 'e) foo..bar.....\n'],
  ['8', opts(8, 0, 1, '*'), 'Hello, world!\n', 'Hello, world!\n'],
  ['9a', opts(1, 0, 0, '.'), '1\t2\t3\t4\n11\t222\t3333\t44444\n', '1.2..3...4\n11222333344444\n'],
  ['9c', opts(1, 0, 0, '.'), '1\t2\t3\t4\f11\t222\t3333\t44444\n', '1234\n11222333344444\n'],
  ['10a', opts(5, 0, 0, '.'), '1\t2\t3\t4\n', '1....2....3....4\n'],
  ['10b', opts(5, 0, 0, '.'), '1\t2\t3\t4\t\n', '1....2....3....4....\n'],
  ['11', opts(8, 0, 1, '.'), '本\tb\tc\naa\t本本本\tcccc\tddddd\naaa\tbbbb\n', '本.......b.......c\naa......本本本.....cccc....ddddd\naaa.....bbbb\n'],
  [
    '12a',
    opts(8, 0, 1, ' ', { alignRight: true }),
    'a\tè\tc\t\naa\tèèè\tcccc\tddddd\t\naaa\tèèèè\t\n',
    '       a       è       c\n      aa     èèè    cccc   ddddd\n     aaa    èèèè\n',
  ],
  ['12b', opts(2, 0, 0, ' '), 'a\tb\tc\naa\tbbb\tcccc\naaa\tbbbb\n', 'a  b  c\naa bbbcccc\naaabbbb\n'],
  ['12c', opts(8, 0, 1, '_'), 'a\tb\tc\naa\tbbb\tcccc\naaa\tbbbb\n', 'a_______b_______c\naa______bbb_____cccc\naaa_____bbbb\n'],
  [
    '13a',
    opts(4, 0, 1, '-'),
    '4444\t日本語\t22\t1\t333\n999999999\t22\n7\t22\n\t\t\t88888888\n\n666666\t666666\t666666\t4444\n1\t1\t999999999\t0000000000\n',
    '4444------日本語-22--1---333\n999999999-22\n7---------22\n------------------88888888\n\n666666-666666-666666----4444\n1------1------999999999-0000000000\n',
  ],
  [
    '13b',
    opts(4, 0, 3, '.'),
    '4444\t333\t22\t1\t333\n999999999\t22\n7\t22\n\t\t\t88888888\n\n666666\t666666\t666666\t4444\n1\t1\t999999999\t0000000000\n',
    '4444........333...22...1...333\n999999999...22\n7...........22\n....................88888888\n\n666666...666666...666666......4444\n1........1........999999999...0000000000\n',
  ],
  [
    '14',
    opts(1, 0, 2, ' ', { alignRight: true }),
    '.0\t.3\t2.4\t-5.1\t\n23.0\t12345678.9\t2.4\t-989.4\t\n5.1\t12.0\t2.4\t-7.0\t\n.0\t0.0\t332.0\t8908.0\t\n.0\t-.3\t456.4\t22.1\t\n.0\t1.2\t44.4\t-13.3\t\t',
    '    .0          .3    2.4    -5.1\n  23.0  12345678.9    2.4  -989.4\n   5.1        12.0    2.4    -7.0\n    .0         0.0  332.0  8908.0\n    .0         -.3  456.4    22.1\n    .0         1.2   44.4   -13.3',
  ],
  ['15a', opts(4, 0, 0, '.'), 'a\t\tb', 'a.......b'],
  ['15b', opts(4, 0, 0, '.', { discardEmptyColumns: true }), 'a\t\tb', 'a.......b'],
  ['15c', opts(4, 0, 0, '.', { discardEmptyColumns: true }), 'a\v\vb', 'a...b'],
  ['15d', opts(4, 0, 0, '.', { alignRight: true, discardEmptyColumns: true }), 'a\v\vb', '...ab'],
  ['16a', opts(100, 100, 0, '\t'), 'a\tb\t\td\na\tb\t\td\te\na\na\tb\tc\td\na\tb\tc\td\te\n', 'a\tb\t\td\na\tb\t\td\te\na\na\tb\tc\td\na\tb\tc\td\te\n'],
  ['16b', opts(100, 100, 0, '\t', { discardEmptyColumns: true }), 'a\vb\v\vd\na\vb\v\vd\ve\na\na\vb\vc\vd\na\vb\vc\vd\ve\n', 'a\tb\td\na\tb\td\te\na\na\tb\tc\td\na\tb\tc\td\te\n'],
  ['16c', opts(100, 100, 0, '\t', { discardEmptyColumns: true }), 'a\tb\t\td\na\tb\t\td\te\na\na\tb\tc\td\na\tb\tc\td\te\n', 'a\tb\t\td\na\tb\t\td\te\na\na\tb\tc\td\na\tb\tc\td\te\n'],
];

describe('TabWriter (text/tabwriter)', () => {
  for (const [name, o, src, want] of UPSTREAM) {
    it(`upstream case ${name}`, () => {
      expect(formatTabbed(src, o)).toBe(want);
      // Written in pieces, the output is the same.
      const w = new TabWriter(o);
      for (const ch of src) w.write(ch);
      expect(w.flush().output).toBe(want);
    });
  }

  it('RememberWidths keeps column widths across flushes (upstream TestMultiWrite)', () => {
    const w = new TabWriter(opts(6, 4, 3, ' ', { rememberWidths: true }));
    w.write('First\tMiddle\tLast\n').write('a\tbb\tccc\n').write('ddd\teeeeeeeeeeeeee\tf\n').flush();
    w.write('g\th\ti\n').flush();
    w.write('j\t\t\n').flush().write('\tk\t\n').flush().write('\t\tl\n').flush();
    w.write('mmmmmmmmmmmmmmm\tnnn\tooo\n').flush();
    expect(w.output).toBe(
      [
        'First   Middle           Last\n',
        'a       bb               ccc\n',
        'ddd     eeeeeeeeeeeeee   f\n',
        'g       h                i\n',
        'j                        \n',
        '        k                \n',
        '                         l\n',
        'mmmmmmmmmmmmmmm   nnn              ooo\n',
      ].join(''),
    );
    expect(w.rememberedWidths()).toEqual([18, 17]);
    const next = new TabWriter(opts(6, 4, 3, ' ', { rememberWidths: true })).setRememberedWidths(w.rememberedWidths());
    expect(next.write('p\tq\tr\n').flush().output).toBe('p                 q                r\n');
  });
});

describe('formatTable (kubectl printers)', () => {
  it('prints kubectl get daemonsets exactly', () => {
    const rows = [
      ['NAME', 'DESIRED', 'CURRENT', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'NODE SELECTOR', 'AGE'],
      ['kube-proxy', '3', '3', '3', '3', '3', 'kubernetes.io/os=linux', '10d'],
    ];
    expect(formatTable(rows)).toBe(
      'NAME         DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR            AGE\n' +
        'kube-proxy   3         3         3       3            3           kubernetes.io/os=linux   10d\n',
    );
  });

  it('pads short columns to the minimum width of 6', () => {
    expect(formatTable([['A', 'B'], ['x', 'y']])).toBe('A     B\nx     y\n');
    expect(KUBECTL_TABLE).toEqual({ minwidth: 6, tabwidth: 4, padding: 3, padchar: ' ', rememberWidths: true });
  });

  it('prints rollout history with minwidth 0, padding 2', () => {
    const rows = [
      ['REVISION', 'CHANGE-CAUSE'],
      ['1', '<none>'],
      ['2', 'kubectl set image ds/fluentd fluentd=fluentd:v2'],
    ];
    expect(formatTable(rows, TABBED_STRING)).toBe('REVISION  CHANGE-CAUSE\n1         <none>\n2         kubectl set image ds/fluentd fluentd=fluentd:v2\n');
  });

  it('a line without tabs ends the alignment block (describe output)', () => {
    const text = 'Name:\tkube-proxy\nNode-Selector:\tkubernetes.io/os=linux\nDesired Number of Nodes Scheduled: 3\nPods Status:\t3 Running\n';
    expect(formatTabbed(text, TABBED_STRING)).toBe(
      'Name:           kube-proxy\nNode-Selector:  kubernetes.io/os=linux\nDesired Number of Nodes Scheduled: 3\nPods Status:  3 Running\n',
    );
  });
});

describe('codePoints', () => {
  it('counts what spreading the string counts: a surrogate pair once, a lone surrogate once', () => {
    expect(['', 'abc', '本本', '\u{1F600}x', '\uD83D', '\uDE00\uD83D', 'a\uDE00\uDE00'].map(codePoints)).toEqual([0, 3, 2, 2, 1, 2, 3]);
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom('\uD83D', '\uDE00', '\u{1F600}')), { maxLength: 8 }), (parts) => {
        const s = parts.join('');
        return codePoints(s) === [...s].length;
      }),
      { seed: 35, numRuns: 500 },
    );
  });
});
