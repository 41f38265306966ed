import { describe, expect, it } from 'vitest';
import {
  executeJsonPath,
  jsonPathExecuteErrorMessage,
  jsonPathParseErrorMessage,
  parseJsonPath,
  type JsonPathOptions,
} from '../../../src/kubectl/format/jsonpath.js';
import { parseTemplate } from '../../../src/kubectl/format/jsonpath-parser.js';

/** Runs a template; returns the output, or `ERROR: <message>` for parse or execution errors. */
function run(template: string, data: unknown, opts: JsonPathOptions = {}): string {
  const compiled = parseJsonPath(template);
  if ('error' in compiled) return `PARSE ERROR: ${compiled.error}`;
  const out = executeJsonPath(compiled, data, opts);
  return typeof out === 'string' ? out : `ERROR: ${out.error}`;
}

const strict = { allowMissingKeys: false };

const types = {
  bools: [true, false, true, false],
  integers: [1, 2, 3, 4],
  floats: [1.0, 2.2, 3.3, 4.0],
  strings: ['one', 'two', 'three', 'four'],
  interfaces: [true, 'one', 1, 1.1],
  maps: [
    { name: 'one', value: 1 },
    { name: 'two', value: 2.02 },
    { name: 'three', value: 3.03 },
    { name: 'four', value: 4.04 },
  ],
};

describe('jsonpath: upstream TestTypesInput', () => {
  const table: [string, string][] = [
    ['{ .bools }', '[true,false,true,false]'],
    ['{ .bools[0] }', 'true'],
    ['{ .bools[-1] }', 'false'],
    ['{ .bools[0:2] }', 'true false'],
    ['{ .bools[:4:2] }', 'true true'],
    ['{ .integers }', '[1,2,3,4]'],
    ['{ .integers[-2] }', '3'],
    ['{ .integers[:4:2] }', '1 3'],
    ['{ .floats }', '[1,2.2,3.3,4]'],
    ['{ .floats[0] }', '1'],
    ['{ .floats[-2] }', '3.3'],
    ['{ .floats[:2] }', '1 2.2'],
    ['{ .strings }', '["one","two","three","four"]'],
    ['{ .strings[-2] }', 'three'],
    ['{ .strings[:4:2] }', 'one three'],
    ['{ .interfaces }', '[true,"one",1,1.1]'],
    ['{ .interfaces[0:2] }', 'true one'],
    ['{ .maps }', '[{"name":"one","value":1},{"name":"two","value":2.02},{"name":"three","value":3.03},{"name":"four","value":4.04}]'],
    ['{ .maps[-2] }', '{"name":"three","value":3.03}'],
    ['{ .maps[::2] }', '{"name":"one","value":1} {"name":"three","value":3.03}'],
    ['{ .maps[1::2] }', '{"name":"two","value":2.02} {"name":"four","value":4.04}'],
  ];
  for (const [template, want] of table) it(template, () => expect(run(template, types, strict)).toBe(want));
});

const store = {
  Name: 'jsonpath',
  Book: [
    { Category: 'reference', Author: 'Nigel Rees', Title: 'Sayings of the Centurey', Price: 8.95 },
    { Category: 'fiction', Author: 'Evelyn Waugh', Title: 'Sword of Honour', Price: 12.99 },
    { Category: 'fiction', Author: 'Herman Melville', Title: 'Moby Dick', Price: 8.99 },
  ],
  Bicycle: [
    { Color: 'red', Price: 19.95, IsNew: true },
    { Color: 'green', Price: 20.01, IsNew: false },
  ],
  Labels: { engieer: 10, 'web/html': 15, 'k8s-app': 20 },
  Employees: { jason: 'manager', dan: 'clerk' },
};

describe('jsonpath: upstream TestStructInput (over JSON maps, keys sorted)', () => {
  it('evaluates templates', () => {
    expect(run('hello jsonpath', null)).toBe('hello jsonpath');
    expect(run('{..}', [1, 2, 3])).toBe('[1,2,3]');
    expect(run('{[?(@<5)]}', [2, 6, 3, 7])).toBe('2 3');
    expect(run('{"{"}', null)).toBe('{');
    expect(run('{[1,3,4]}', [0, 1, 2, 3, 4])).toBe('1 3 4');
    expect(run('{[0:2]}', ['Monday', 'Tudesday'])).toBe('Monday Tudesday');
    expect(run('hello {.Name}', store, strict)).toBe('hello jsonpath');
    expect(run('{$.Labels.web/html}', store, strict)).toBe('15');
    expect(run('{$.Employees.jason}', store, strict)).toBe('manager');
    expect(run('{.Labels.k8s-app}', store, strict)).toBe('20');
    expect(run('{.Bicycle[*].Color}', store, strict)).toBe('red green');
    expect(run('{.Book[*].Author}', store, strict)).toBe('Nigel Rees Evelyn Waugh Herman Melville');
    expect(run('{range .Bicycle[*]}{ "{" }{ @.* }{ "} " }{end}', store, strict)).toBe('{red true 19.95} {green false 20.01} ');
    expect(run('{..Price}', store, strict)).toBe('19.95 20.01 8.95 12.99 8.99');
    expect(run('{...Price}', store, strict)).toBe('19.95 20.01 8.95 12.99 8.99');
    expect(run('{.Book[-1:]}', store, strict)).toBe('{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}');
    expect(run('{..Book[2]}', store, strict)).toBe('{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}');
    expect(run('{.Bicycle[?(@.IsNew==true)]}', store, strict)).toBe('{"Color":"red","IsNew":true,"Price":19.95}');
  });

  it('missing keys print nothing when allowed (kubectl default)', () => {
    expect(run('{.hello}', store)).toBe('');
    expect(run('before-{.hello}after', store)).toBe('before-after');
  });

  it('fails as upstream TestStructInput failStoreTests', () => {
    expect(run('{hello}', store, strict)).toBe('ERROR: unrecognized identifier hello');
    expect(run('{.hello}', store, strict)).toBe('ERROR: hello is not found');
    expect(run('{.Labels[0]}', store, strict)).toBe('ERROR: map[string]interface {} is not array or slice');
    expect(run('{.Book[?(@.Price<>10)]}', store, strict)).toBe('ERROR: unrecognized filter operator <>');
    expect(run('{range .Labels.*}{@}{end}{end}', store, strict)).toBe('ERROR: not in range, nothing to end');
    expect(run('{............................................................Price}', store, strict)).toBe('PARSE ERROR: invalid multiple recursive descent');
  });
});

describe('jsonpath: upstream TestJSONInput and TestKubernetes', () => {
  const points = [
    { id: 'i1', x: 4, y: -5 },
    { id: 'i2', x: -2, y: -5, z: 1 },
    { id: 'i3', x: 8, y: 3 },
    { id: 'i4', x: -6, y: -1 },
    { id: 'i5', x: 0, y: 2, z: 1 },
    { id: 'i6', x: 1, y: 4 },
  ];
  it('exists filters and bracket keys', () => {
    expect(run('{[?(@.z)].id}', points, strict)).toBe('i2 i5');
    expect(run("{[0]['id']}", points, strict)).toBe('i1');
    expect(run('{[?(@.x>0)].id}', points, strict)).toBe('i1 i3 i6');
    expect(run('{[?(@.x<=0)].id}', points, strict)).toBe('i2 i4 i5');
    expect(run('{[?(@.x!=4)].id}', points, strict)).toBe('i2 i3 i4 i5 i6');
    expect(run('{[?(@.y>=3)].id}', points, strict)).toBe('i3 i6');
  });

  const nodes = {
    kind: 'List',
    items: [
      {
        kind: 'None',
        metadata: { name: '127.0.0.1', labels: { 'kubernetes.io/hostname': '127.0.0.1' } },
        status: { capacity: { cpu: '4' }, ready: true, addresses: [{ type: 'LegacyHostIP', address: '127.0.0.1' }] },
      },
      {
        kind: 'None',
        metadata: { name: '127.0.0.2', labels: { 'kubernetes.io/hostname': '127.0.0.2' } },
        status: {
          capacity: { cpu: '8' },
          ready: false,
          addresses: [
            { type: 'LegacyHostIP', address: '127.0.0.2' },
            { type: 'another', address: '127.0.0.3' },
          ],
        },
      },
    ],
    users: [
      { name: 'myself', user: {} },
      { name: 'e2e', user: { username: 'admin', password: 'secret' } },
    ],
  };

  const table: [string, string][] = [
    ['{range .items[*]}{.metadata.name}, {end}{.kind}', '127.0.0.1, 127.0.0.2, List'],
    ['{range .items[*]}{.metadata.name}{"\\t"}{end}', '127.0.0.1\t127.0.0.2\t'],
    ['{.items[*].status.addresses[*].address}', '127.0.0.1 127.0.0.2 127.0.0.3'],
    ['{range .items[*]}{range .status.addresses[*]}{.address}, {end}{end}', '127.0.0.1, 127.0.0.2, 127.0.0.3, '],
    ['{.items[*].metadata.name}', '127.0.0.1 127.0.0.2'],
    ["{.items[*]['metadata.name', 'status.capacity']}", '127.0.0.1 127.0.0.2 {"cpu":"4"} {"cpu":"8"}'],
    ['{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}', '[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}] '],
    ['{.users[?(@.name=="e2e")].user.password}', 'secret'],
    ['{.items[0].metadata.labels.kubernetes\\.io/hostname}', '127.0.0.1'],
    ['{.items[?(@.metadata.labels.kubernetes\\.io/hostname=="127.0.0.1")].kind}', 'None'],
    ['{.items[?(@..ready==true)].metadata.name}', '127.0.0.1'],
    ['{..name}', '127.0.0.1 127.0.0.2 myself e2e'],
  ];
  for (const [template, want] of table) it(template, () => expect(run(template, nodes, strict)).toBe(want));
});

describe('jsonpath: ranges', () => {
  it('an empty range prints nothing and skips to its end (TestEmptyRange)', () => {
    expect(run('{range .items[*]}{.metadata.name}{end}', { items: [] })).toBe('');
    expect(run('{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}', { items: [] })).toBe('');
    expect(run('{range .items[*]}{.name}{"\\n"}{end}after', { items: [] })).toBe('after');
  });

  const pods = {
    items: [
      {
        metadata: { name: 'pod1' },
        spec: {
          containers: [
            { name: 'foo', another: [{ name: 'value1' }, { name: 'value2' }] },
            { name: 'bar', another: [{ name: 'value1' }, { name: 'value2' }] },
          ],
        },
      },
      { metadata: { name: 'pod2' }, spec: { containers: [{ name: 'baz', another: [{ name: 'value1' }, { name: 'value2' }] }] } },
    ],
  };

  it('nests ranges (TestNestedRanges)', () => {
    expect(run('{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}', pods, strict)).toBe(
      'pod1:foo,bar,+pod2:baz,+',
    );
    expect(
      run('{range .items[*]}{.metadata.name}{"~"}{range @.spec.containers[*]}{.name}{":"}{range @.another[*]}{.name}{","}{end}{"+"}{end}{"#"}{end}', pods, strict),
    ).toBe('pod1~foo:value1,value2,+bar:value1,value2,+#pod2~baz:value1,value2,+#');
    expect(
      run('{range .items[*]}{.metadata.name}{"\\t"}{range @.spec.containers[*]}{.name}{" "}{end}{"\\t"}{range @.spec.containers[*]}{.name}{" "}{end}{"\\n"}{end}', pods, strict),
    ).toBe('pod1\tfoo bar \tfoo bar \npod2\tbaz \tbaz \n');
  });

  it('filters tolerate missing keys only when allowed (TestFilterPartialMatchesSometimesMissingAnnotations)', () => {
    const data = {
      items: [
        { metadata: { name: 'pod1', annotations: { color: 'blue' } } },
        { metadata: { name: 'pod2' } },
        { metadata: { name: 'pod3', annotations: { color: 'green' } } },
        { metadata: { name: 'pod4', annotations: { color: 'blue' } } },
      ],
    };
    const template = '{.items[?(@.metadata.annotations.color=="blue")].metadata.name}';
    expect(run(template, data)).toBe('pod1 pod4');
    expect(run(template, data, strict)).toBe('ERROR: annotations is not found');
  });

  it('ranges over a filter (TestRunningPodsJSONPathOutput)', () => {
    const data = {
      items: [
        { metadata: { name: 'pod1' }, status: { phase: 'Running' } },
        { metadata: { name: 'pod2' }, status: { phase: 'Running' } },
        { metadata: { name: 'pod3' }, status: { phase: 'Running' } },
        { resourceVersion: '' },
      ],
    };
    expect(run('{range .items[?(.status.phase=="Running")]}{.metadata.name}{" is Running\\n"}{end}', data)).toBe(
      'pod1 is Running\npod2 is Running\npod3 is Running\n',
    );
  });
});

describe('jsonpath: indexes and slices (TestNegativeIndex, TestStep)', () => {
  const pod = { spec: { containers: [0, 1, 2, 3, 4, 5].map((i) => ({ name: `fake${i}` })) } };
  const four = { spec: { containers: pod.spec.containers.slice(0, 4) } };
  it('indexes', () => {
    expect(run('{.spec.containers[0].name}', four, strict)).toBe('fake0');
    expect(run('{.spec.containers[0:0].name}', four, strict)).toBe('');
    expect(run('{.spec.containers[0:-1].name}', four, strict)).toBe('fake0 fake1 fake2');
    expect(run('{.spec.containers[-1].name}', four, strict)).toBe('fake3');
    expect(run('{.spec.containers[-2:].name}', four, strict)).toBe('fake2 fake3');
    expect(run('{.spec.containers[-4].name}', four, strict)).toBe('fake0');
    expect(run('{.spec.containers[5:5].name}', four, strict)).toBe('');
    expect(run('{.spec.containers[-5:-5].name}', four, strict)).toBe('');
  });

  it('index errors', () => {
    expect(run('{.spec.containers[-1:0].name}', four, strict)).toBe('ERROR: starting index 3 is greater than ending index 0');
    expect(run('{.spec.containers[-5].name}', four, strict)).toBe('ERROR: array index out of bounds: index -1, length 4');
    expect(run('{.spec.containers[4].name}', four, strict)).toBe('ERROR: array index out of bounds: index 4, length 4');
    expect(run('{.spec.containers[3:1].name}', four, strict)).toBe('ERROR: starting index 3 is greater than ending index 1');
    expect(run('{.spec.containers[0:6:0].name}', pod, strict)).toBe('ERROR: step must be > 0');
    expect(run('{.items[0]}', { items: [] })).toBe('ERROR: array index out of bounds: index 0, length 0');
  });

  it('steps', () => {
    expect(run('{.spec.containers[0:].name}', pod, strict)).toBe('fake0 fake1 fake2 fake3 fake4 fake5');
    expect(run('{.spec.containers[0:6:].name}', pod, strict)).toBe('fake0 fake1 fake2 fake3 fake4 fake5');
    expect(run('{.spec.containers[1:4:2].name}', pod, strict)).toBe('fake1 fake3');
    expect(run('{.spec.containers[0:6:5].name}', pod, strict)).toBe('fake0 fake5');
    expect(run('{.spec.containers[0:6:6].name}', pod, strict)).toBe('fake0');
  });
});

describe('jsonpath: kubectl printing', () => {
  const ds = {
    kind: 'DaemonSet',
    metadata: { name: 'fluentd', labels: { app: 'fluentd' }, generation: 2 },
    spec: { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } }, minReadySeconds: 0 },
    status: { numberReady: 3, conditions: null },
  };

  it('prints objects as compact JSON with sorted keys, scalars raw', () => {
    expect(run('{.spec.updateStrategy}', ds)).toBe('{"rollingUpdate":{"maxSurge":0,"maxUnavailable":1},"type":"RollingUpdate"}');
    expect(run('{.metadata.name}', ds)).toBe('fluentd');
    expect(run('{.status.numberReady}', ds)).toBe('3');
    expect(run('{.metadata.generation}{"\\n"}', ds)).toBe('2\n');
    expect(run('{.status.conditions}', ds)).toBe('<nil>');
    expect(run('{@}', { a: '<b>&' })).toBe('{"a":"\\u003cb\\u003e\\u0026"}');
    expect(run('{$.kind} {.kind}', ds)).toBe('DaemonSet DaemonSet');
  });

  it('prints numbers as Go does', () => {
    expect(run('{.a} {.b} {.c} {.d}', { a: 0.5, b: 1234567.5, c: 0.00001, d: 1e21 })).toBe('0.5 1.2345675e+06 1e-05 1e+21');
  });

  it('compares like text/template: same kinds only', () => {
    const items = { items: [{ n: 1 }, { n: 2.5 }, { n: 'x' }] };
    expect(run('{.items[?(@.n==1)].n}', { items: [{ n: 1 }, { n: 2 }] })).toBe('1');
    expect(run('{.items[?(@.n==1.5)].n}', items)).toBe('ERROR: incompatible types for comparison');
    expect(run('{.items[?(@.n<true)].n}', { items: [{ n: true }] })).toBe('ERROR: invalid type for comparison');
    expect(run('{.items[?(@.n=="x")].n}', { items: [{ n: {} }] })).toBe('ERROR: invalid type for comparison');
  });

  it('reads node conditions with a filter (a common kubectl idiom)', () => {
    const node = { status: { conditions: [{ type: 'MemoryPressure', status: 'False' }, { type: 'Ready', status: 'True' }] } };
    expect(run('{.status.conditions[?(@.type=="Ready")].status}', node)).toBe('True');
    expect(run("{.status.conditions[?(@.type=='Ready')].status}", node)).toBe('True');
  });

  it('words errors as kubectl does', () => {
    expect(jsonPathParseErrorMessage('{.items[*', 'unterminated array')).toBe('error parsing jsonpath {.items[*, unterminated array');
    expect(jsonPathExecuteErrorMessage('{.x}', 'x is not found', { kind: 'List', items: [1, 'a', null] })).toBe(
      'error executing jsonpath "{.x}": Error executing template: x is not found. Printing more information for debugging the template:\n' +
        '\ttemplate was:\n\t\t{.x}\n' +
        '\tobject given to jsonpath engine was:\n\t\tmap[string]interface {}{"items":[]interface {}{1, "a", interface {}(nil)}, "kind":"List"}\n\n',
    );
  });
});

describe('jsonpath parser', () => {
  it('reports parse errors in upstream words (TestFailParser)', () => {
    const table: [string, string][] = [
      ['{.hello', 'unclosed action'],
      ['{*}', "unrecognized character in action: U+002A '*'"],
      ['{+12.3.0}', 'cannot parse number +12.3.0'],
      ['{[1}', 'unterminated array'],
      ['{[?(.price]}', 'unterminated filter'],
      ['{........}', 'invalid multiple recursive descent'],
      ['{.items[*', 'unterminated array'],
      ['{.items[?(@.a==1)}', 'unclosed array expect ]'],
      ['{[a]}', 'invalid array index a'],
      ['{"abc}', 'unterminated quoted string'],
      ['{"\\q"}', 'unquote string "\\q" error invalid syntax'],
      ['{\t}', 'unrecognized character in action: U+0009'],
    ];
    for (const [template, want] of table) expect([template, parseJsonPath(template)]).toEqual([template, { error: want }]);
  });

  it('builds the upstream node trees (TestParser)', () => {
    expect(parseTemplate('hello {.jsonpath}')).toEqual({
      type: 'list',
      nodes: [
        { type: 'text', text: 'hello ' },
        { type: 'list', nodes: [{ type: 'field', name: 'jsonpath' }] },
      ],
    });
    expect(parseTemplate("{['book.price']}")).toEqual({
      type: 'list',
      nodes: [{ type: 'list', nodes: [{ type: 'field', name: 'book' }, { type: 'field', name: 'price' }] }],
    });
    expect(parseTemplate('{[-1]}')).toEqual({
      type: 'list',
      nodes: [
        {
          type: 'list',
          nodes: [{ type: 'array', params: [{ value: -1, known: true, derived: false }, { value: 0, known: true, derived: true }, { value: 0, known: false, derived: false }] }],
        },
      ],
    });
    const filter = parseTemplate('{[?(@.status.nodeInfo.osImage == "(\\"\\")")]}');
    expect(filter).toMatchObject({ nodes: [{ nodes: [{ type: 'filter', op: '==', right: { nodes: [{ type: 'text', text: '("")' }] } }] }] });
    const escaped = parseTemplate("{[?(@.a == '\\\\\\'')]}");
    expect(escaped).toMatchObject({ nodes: [{ nodes: [{ type: 'filter', right: { nodes: [{ type: 'text', text: "\\'" }] } }] }] });
  });
});
