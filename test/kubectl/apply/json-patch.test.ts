/**
 * JSON patch as kubectl 1.32 applies it (evanphx/json-patch v4.12.0). Every case was read from
 * `kubectl.1.32 patch --local -f two.yaml --type=json -p PATCH -o json`, two.yaml being TWO: a
 * patched object is written as its changes from TWO, an error as kubectl's stderr without
 * `error: `, a panic as the value on its first line (`panic: VALUE`, then kubectl's stack, exit 2).
 * Where kubectl itself rewords the library (`Object to be patched is missing field`, a document
 * that is no object) the library's own answer is written, and the rewording is tested through
 * `kubectl patch --local` at the end. The copy limit is the API server's (errors.go's text).
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { API_SERVER_JSON_PATCH_MAX_COPY_BYTES, applyJsonPatch, decodeJsonPatch } from '../../../src/kubectl/apply/json-patch.js';
import { JsonPatchPanic } from '../../../src/kubectl/apply/json-patch-node.js';
import { clone, goJson, isMap, type Json, type JsonMap } from '../../../src/kubectl/apply/json.js';
import { PatchError } from '../../../src/kubectl/apply/list-order.js';
import { mergePatch } from '../../../src/kubectl/apply/merge-patch.js';
import { AGENT_YAML, fixture } from '../verbs/mutating-fixture.js';

const TWO_YAML = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: two
spec:
  minReadySeconds: 5
  replicas: 2
  selector:
    matchLabels:
      app: two
  template:
    metadata:
      labels:
        app: two
    spec:
      containers:
      - name: a
        image: nginx
      - name: b
        image: busybox
`;

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) deepFreeze(x);
  return Object.freeze(v);
}

/** two.yaml as kubectl reads it; frozen, so a patch that wrote into its input would throw. */
const TWO: JsonMap = deepFreeze({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'two' },
  spec: {
    minReadySeconds: 5,
    replicas: 2,
    selector: { matchLabels: { app: 'two' } },
    template: {
      metadata: { labels: { app: 'two' } },
      spec: {
        containers: [
          { name: 'a', image: 'nginx' },
          { name: 'b', image: 'busybox' },
        ],
      },
    },
  },
});

type Outcome = { doc: Json } | { error: string } | { panic: string };
type Case = readonly [patch: string, want: Outcome];

/** TWO with changes at map-only pointers: `[pointer, value]` sets, `[pointer]` removes, `['', value]` replaces the whole. */
function patched(...changes: readonly (readonly [string, Json?])[]): Outcome {
  let doc: Json = clone(TWO);
  for (const [pointer, ...value] of changes) {
    if (pointer === '') {
      doc = value[0]!;
      continue;
    }
    const keys = pointer
      .slice(1)
      .split('/')
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    let at = doc as JsonMap;
    for (const k of keys.slice(0, -1)) at = at[k] as JsonMap;
    if (value.length === 0) delete at[keys[keys.length - 1]!];
    else at[keys[keys.length - 1]!] = value[0]!;
  }
  return { doc };
}

/** DecodePatch and Apply on TWO, as kubectl calls them. */
function run(patch: string, doc: JsonMap = TWO, copyLimit = 0): Outcome {
  const ops = decodeJsonPatch(JSON.parse(patch) as Json);
  if ('error' in ops) return { error: ops.error };
  try {
    return { doc: applyJsonPatch(doc, ops, { accumulatedCopySizeLimit: copyLimit }) };
  } catch (e) {
    if (e instanceof JsonPatchPanic) return { panic: e.message };
    if (e instanceof PatchError) return { error: e.message };
    throw e;
  }
}

function expectCases(cases: readonly Case[]): void {
  for (const [patch, want] of cases) expect(run(patch), patch).toEqual(want);
}

describe('DecodePatch', () => {
  it('wants a list of objects; null is no operations, and a null element an operation without fields', () => {
    expectCases([
      ['{"op":"test"}', { error: 'json: cannot unmarshal object into Go value of type jsonpatch.Patch' }],
      ['1', { error: 'json: cannot unmarshal number into Go value of type jsonpatch.Patch' }],
      ['"x"', { error: 'json: cannot unmarshal string into Go value of type jsonpatch.Patch' }],
      ['true', { error: 'json: cannot unmarshal bool into Go value of type jsonpatch.Patch' }],
      ['[1]', { error: 'json: cannot unmarshal number into Go value of type jsonpatch.Operation' }],
      ['["x"]', { error: 'json: cannot unmarshal string into Go value of type jsonpatch.Operation' }],
      ['[true]', { error: 'json: cannot unmarshal bool into Go value of type jsonpatch.Operation' }],
      ['[[1]]', { error: 'json: cannot unmarshal array into Go value of type jsonpatch.Operation' }],
      // The first element that is no object decides, even after a good one.
      ['[{"op":"add","path":"/spec/x","value":1},2]', { error: 'json: cannot unmarshal number into Go value of type jsonpatch.Operation' }],
      ['[2,{"op":"bogus"}]', { error: 'json: cannot unmarshal number into Go value of type jsonpatch.Operation' }],
      ['null', patched()],
      ['[]', patched()],
    ]);
  });

  it("reads op, path and from per operation: a missing or ill-typed one is that operation's error", () => {
    expectCases([
      ['[{"op":"add","value":1}]', { error: 'add operation failed to decode path: missing value' }],
      ['[{"op":"add","path":1,"value":1}]', { error: 'add operation failed to decode path: missing value' }],
      ['[{"op":"add","path":null,"value":1}]', { error: 'add operation failed to decode path: missing value' }],
      ['[{"op":"remove"}]', { error: 'remove operation failed to decode path: missing value' }],
      ['[{"op":"remove","path":true}]', { error: 'remove operation failed to decode path: missing value' }],
      ['[{"op":"replace","value":1}]', { error: 'replace operation failed to decode path: operation missing path field: missing value' }],
      [
        '[{"op":"replace","path":1,"value":1}]',
        { error: 'replace operation failed to decode path: json: cannot unmarshal number into Go value of type string' },
      ],
      ['[{"op":"move","path":"/spec/x"}]', { error: 'move operation failed to decode from: operation, missing from field: missing value' }],
      [
        '[{"op":"move","from":1,"path":"/spec/x"}]',
        { error: 'move operation failed to decode from: json: cannot unmarshal number into Go value of type string' },
      ],
      ['[{"op":"move","from":"/spec/minReadySeconds"}]', { error: 'move operation failed to decode path: operation missing path field: missing value' }],
      [
        '[{"op":"move","from":"/spec/minReadySeconds","path":1}]',
        { error: 'move operation failed to decode path: json: cannot unmarshal number into Go value of type string' },
      ],
      ['[{"op":"copy","path":"/spec/x"}]', { error: 'copy operation failed to decode from: operation, missing from field: missing value' }],
      [
        '[{"op":"copy","from":1,"path":"/spec/x"}]',
        { error: 'copy operation failed to decode from: json: cannot unmarshal number into Go value of type string' },
      ],
      ['[{"op":"copy","from":"/spec/minReadySeconds"}]', { error: 'copy operation failed to decode path: missing value' }],
      ['[{"op":"copy","from":"/spec/minReadySeconds","path":1}]', { error: 'copy operation failed to decode path: missing value' }],
      ['[{"op":"test","value":1}]', { error: 'test operation failed to decode path: operation missing path field: missing value' }],
      ['[{"op":"test","path":1,"value":1}]', { error: 'test operation failed to decode path: json: cannot unmarshal number into Go value of type string' }],
      ['[{"op":"bogus","path":"/x"}]', { error: 'Unexpected kind: bogus' }],
      ['[{"op":"ADD","path":"/spec/x","value":1}]', { error: 'Unexpected kind: ADD' }],
      ['[{"op":1,"path":"/x"}]', { error: 'Unexpected kind: unknown' }],
      ['[{"op":null,"path":"/x"}]', { error: 'Unexpected kind: unknown' }],
      ['[{"path":"/x"}]', { error: 'Unexpected kind: unknown' }],
      ['[null]', { error: 'Unexpected kind: unknown' }],
    ]);
  });
});

describe('Patch.Apply', () => {
  it('add: a new or replaced object key; in a list, before the index, at the end with - or the length', () => {
    expectCases([
      ['[{"op":"add","path":"/spec/x","value":1}]', patched(['/spec/x', 1])],
      ['[{"op":"add","path":"/spec/minReadySeconds","value":7}]', patched(['/spec/minReadySeconds', 7])],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/-","value":{"name":"c","image":"x"}}]',
        patched([
          '/spec/template/spec/containers',
          [
            { image: 'nginx', name: 'a' },
            { image: 'busybox', name: 'b' },
            { image: 'x', name: 'c' },
          ],
        ]),
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/0","value":{"name":"c","image":"x"}}]',
        patched([
          '/spec/template/spec/containers',
          [
            { image: 'x', name: 'c' },
            { image: 'nginx', name: 'a' },
            { image: 'busybox', name: 'b' },
          ],
        ]),
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/2","value":{"name":"c","image":"x"}}]',
        patched([
          '/spec/template/spec/containers',
          [
            { image: 'nginx', name: 'a' },
            { image: 'busybox', name: 'b' },
            { image: 'x', name: 'c' },
          ],
        ]),
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/3","value":{"name":"c","image":"x"}}]',
        { error: "error in add for path: '/spec/template/spec/containers/3': Unable to access invalid index: 3: invalid index referenced" },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/-1","value":{"name":"c","image":"x"}}]',
        patched([
          '/spec/template/spec/containers',
          [
            { image: 'nginx', name: 'a' },
            { image: 'busybox', name: 'b' },
            { image: 'x', name: 'c' },
          ],
        ]),
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/-3","value":{"name":"c","image":"x"}}]',
        patched([
          '/spec/template/spec/containers',
          [
            { image: 'x', name: 'c' },
            { image: 'nginx', name: 'a' },
            { image: 'busybox', name: 'b' },
          ],
        ]),
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/-4","value":{"name":"c","image":"x"}}]',
        { error: "error in add for path: '/spec/template/spec/containers/-4': Unable to access invalid index: -4: invalid index referenced" },
      ],
      ['[{"op":"add","path":"/spec/x"}]', patched(['/spec/x', null])],
      ['[{"op":"add","path":"/spec/x","value":null}]', patched(['/spec/x', null])],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/-","value":1},{"op":"add","path":"/spec/template/spec/containers/-","value":2}]',
        patched(['/spec/template/spec/containers', [{ image: 'nginx', name: 'a' }, { image: 'busybox', name: 'b' }, 1, 2]]),
      ],
      [
        '[{"op":"add","path":"/spec/n","value":[]},{"op":"add","path":"/spec/n/0","value":1},{"op":"add","path":"/spec/n/-1","value":2},{"op":"add","path":"/spec/n/-3","value":3}]',
        patched(['/spec/n', [3, 1, 2]]),
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/0","value":1,"from":"x","extra":true}]',
        patched(['/spec/template/spec/containers', [1, { image: 'nginx', name: 'a' }, { image: 'busybox', name: 'b' }]]),
      ],
    ]);
  });

  it("list indices are strconv.Atoi's (signs, leading zeros, int64 range), negative ones count from the end", () => {
    expectCases([
      [
        '[{"op":"add","path":"/spec/template/spec/containers/01","value":{"name":"c","image":"x"}}]',
        patched([
          '/spec/template/spec/containers',
          [
            { image: 'nginx', name: 'a' },
            { image: 'x', name: 'c' },
            { image: 'busybox', name: 'b' },
          ],
        ]),
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/+1","value":{"name":"c","image":"x"}}]',
        patched([
          '/spec/template/spec/containers',
          [
            { image: 'nginx', name: 'a' },
            { image: 'x', name: 'c' },
            { image: 'busybox', name: 'b' },
          ],
        ]),
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/-0","value":{"name":"c","image":"x"}}]',
        patched([
          '/spec/template/spec/containers',
          [
            { image: 'x', name: 'c' },
            { image: 'nginx', name: 'a' },
            { image: 'busybox', name: 'b' },
          ],
        ]),
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/0000000000000000000000001","value":1}]',
        patched(['/spec/template/spec/containers', [{ image: 'nginx', name: 'a' }, 1, { image: 'busybox', name: 'b' }]]),
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/x","value":{"name":"c","image":"x"}}]',
        {
          error:
            "error in add for path: '/spec/template/spec/containers/x': value was not a proper array index: 'x': strconv.Atoi: parsing \"x\": invalid syntax",
        },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/","value":{"name":"c","image":"x"}}]',
        {
          error: "error in add for path: '/spec/template/spec/containers/': value was not a proper array index: '': strconv.Atoi: parsing \"\": invalid syntax",
        },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/1.0","value":{"name":"c","image":"x"}}]',
        {
          error:
            "error in add for path: '/spec/template/spec/containers/1.0': value was not a proper array index: '1.0': strconv.Atoi: parsing \"1.0\": invalid syntax",
        },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/+","value":1}]',
        {
          error:
            "error in add for path: '/spec/template/spec/containers/+': value was not a proper array index: '+': strconv.Atoi: parsing \"+\": invalid syntax",
        },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/--1","value":1}]',
        {
          error:
            "error in add for path: '/spec/template/spec/containers/--1': value was not a proper array index: '--1': strconv.Atoi: parsing \"--1\": invalid syntax",
        },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/1\\u00e9","value":1}]',
        {
          error:
            "error in add for path: '/spec/template/spec/containers/1é': value was not a proper array index: '1é': strconv.Atoi: parsing \"1é\": invalid syntax",
        },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/\\t","value":1}]',
        {
          error:
            "error in add for path: '/spec/template/spec/containers/\t': value was not a proper array index: '\t': strconv.Atoi: parsing \"\\t\": invalid syntax",
        },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/1000000","value":{"name":"c","image":"x"}}]',
        { error: "error in add for path: '/spec/template/spec/containers/1000000': Unable to access invalid index: 1000000: invalid index referenced" },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/9223372036854775807","value":{"name":"c","image":"x"}}]',
        {
          error:
            "error in add for path: '/spec/template/spec/containers/9223372036854775807': Unable to access invalid index: 9223372036854775807: invalid index referenced",
        },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/9223372036854775808","value":1}]',
        {
          error:
            "error in add for path: '/spec/template/spec/containers/9223372036854775808': value was not a proper array index: '9223372036854775808': strconv.Atoi: parsing \"9223372036854775808\": value out of range",
        },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/-9223372036854775808","value":{"name":"c","image":"x"}}]',
        {
          error:
            "error in add for path: '/spec/template/spec/containers/-9223372036854775808': Unable to access invalid index: -9223372036854775808: invalid index referenced",
        },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/-9223372036854775809","value":1}]',
        {
          error:
            "error in add for path: '/spec/template/spec/containers/-9223372036854775809': value was not a proper array index: '-9223372036854775809': strconv.Atoi: parsing \"-9223372036854775809\": value out of range",
        },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/18446744073709551616","value":1}]',
        {
          error:
            "error in add for path: '/spec/template/spec/containers/18446744073709551616': value was not a proper array index: '18446744073709551616': strconv.Atoi: parsing \"18446744073709551616\": value out of range",
        },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/1234567890123456789x","value":1}]',
        {
          error:
            "error in add for path: '/spec/template/spec/containers/1234567890123456789x': value was not a proper array index: '1234567890123456789x': strconv.Atoi: parsing \"1234567890123456789x\": invalid syntax",
        },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/99999999999999999999x","value":1}]',
        {
          error:
            "error in add for path: '/spec/template/spec/containers/99999999999999999999x': value was not a proper array index: '99999999999999999999x': strconv.Atoi: parsing \"99999999999999999999x\": value out of range",
        },
      ],
      [
        '[{"op":"remove","path":"/spec/template/spec/containers/-"}]',
        { error: 'error in remove for path: \'/spec/template/spec/containers/-\': strconv.Atoi: parsing "-": invalid syntax' },
      ],
      [
        '[{"op":"remove","path":"/spec/template/spec/containers/99999999999999999999"}]',
        {
          error:
            'error in remove for path: \'/spec/template/spec/containers/99999999999999999999\': strconv.Atoi: parsing "99999999999999999999": value out of range',
        },
      ],
    ]);
  });

  it('pointers: ~1 and ~0 unescaped, only the text before the first / ignored, no step through a scalar or a missing key', () => {
    expectCases([
      [
        '[{"op":"add","path":"/spec/template/spec/containers/0/image","value":"y"}]',
        patched([
          '/spec/template/spec/containers',
          [
            { image: 'y', name: 'a' },
            { image: 'busybox', name: 'b' },
          ],
        ]),
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/-1/image","value":"y"}]',
        patched([
          '/spec/template/spec/containers',
          [
            { image: 'nginx', name: 'a' },
            { image: 'y', name: 'b' },
          ],
        ]),
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/-/image","value":"y"}]',
        { error: 'add operation does not apply: doc is missing path: "/spec/template/spec/containers/-/image": missing value' },
      ],
      [
        '[{"op":"add","path":"/spec/template/spec/containers/5/image","value":"y"}]',
        { error: 'add operation does not apply: doc is missing path: "/spec/template/spec/containers/5/image": missing value' },
      ],
      ['[{"op":"add","path":"/spec/nope/x","value":1}]', { error: 'add operation does not apply: doc is missing path: "/spec/nope/x": missing value' }],
      ['[{"op":"add","path":"/spec/replicas/x","value":1}]', { error: 'add operation does not apply: doc is missing path: "/spec/replicas/x": missing value' }],
      ['[{"op":"add","path":"/kind/x","value":1}]', { error: 'add operation does not apply: doc is missing path: "/kind/x": missing value' }],
      ['[{"op":"add","path":"","value":{"a":1}}]', { error: 'add operation does not apply: doc is missing path: "": missing value' }],
      ['[{"op":"add","path":"/","value":1}]', patched(['/', 1])],
      ['[{"op":"add","path":"spec","value":1}]', { error: 'add operation does not apply: doc is missing path: "spec": missing value' }],
      ['[{"op":"add","path":"spec/x","value":1}]', patched(['/x', 1])],
      ['[{"op":"add","path":"x/y/z","value":1}]', { error: 'add operation does not apply: doc is missing path: "x/y/z": missing value' }],
      ['[{"op":"add","path":"/spec/a~1b/c","value":1}]', { error: 'add operation does not apply: doc is missing path: "/spec/a~1b/c": missing value' }],
      [
        '[{"op":"add","path":"/metadata/labels","value":{"a/b":"1","a~b":"2","~1":"3","/":"4","":"5"}},{"op":"remove","path":"/metadata/labels/a~1b"}]',
        patched(['/metadata/labels', { '': '5', '/': '4', 'a~b': '2', '~1': '3' }]),
      ],
      [
        '[{"op":"add","path":"/metadata/labels","value":{"a/b":"1","a~b":"2","~1":"3","/":"4","":"5"}},{"op":"remove","path":"/metadata/labels/a~0b"}]',
        patched(['/metadata/labels', { '': '5', '/': '4', 'a/b': '1', '~1': '3' }]),
      ],
      [
        '[{"op":"add","path":"/metadata/labels","value":{"a/b":"1","a~b":"2","~1":"3","/":"4","":"5"}},{"op":"remove","path":"/metadata/labels/~01"}]',
        patched(['/metadata/labels', { '': '5', '/': '4', 'a/b': '1', 'a~b': '2' }]),
      ],
      [
        '[{"op":"add","path":"/metadata/labels","value":{"a/b":"1","a~b":"2","~1":"3","/":"4","":"5"}},{"op":"remove","path":"/metadata/labels/"}]',
        patched(['/metadata/labels', { '/': '4', 'a/b': '1', 'a~b': '2', '~1': '3' }]),
      ],
      [
        '[{"op":"add","path":"/metadata/labels","value":{"a/b":"1","a~b":"2","~1":"3","/":"4","":"5"}},{"op":"replace","path":"/metadata/labels/~0~1","value":"x"}]',
        patched(['/metadata/labels', { '': '5', '/': '4', 'a/b': '1', 'a~b': '2', '~/': 'x', '~1': '3' }]),
      ],
      [
        '[{"op":"add","path":"/metadata/labels","value":{"a/b":"1","a~b":"2","~1":"3","/":"4","":"5"}},{"op":"move","from":"/metadata/labels/a~1b","path":"/metadata/labels/c~1d"}]',
        patched(['/metadata/labels', { '': '5', '/': '4', 'a~b': '2', 'c/d': '1', '~1': '3' }]),
      ],
    ]);
  });

  it('remove', () => {
    expectCases([
      ['[{"op":"remove","path":"/spec/minReadySeconds"}]', patched(['/spec/minReadySeconds'])],
      ['[{"op":"remove","path":"/spec/nope"}]', { error: "error in remove for path: '/spec/nope': Unable to remove nonexistent key: nope: missing value" }],
      ['[{"op":"remove","path":"/spec/template/spec/containers/0"}]', patched(['/spec/template/spec/containers', [{ image: 'busybox', name: 'b' }]])],
      [
        '[{"op":"remove","path":"/spec/template/spec/containers/2"}]',
        { error: "error in remove for path: '/spec/template/spec/containers/2': Unable to access invalid index: 2: invalid index referenced" },
      ],
      ['[{"op":"remove","path":"/spec/template/spec/containers/-2"}]', patched(['/spec/template/spec/containers', [{ image: 'busybox', name: 'b' }]])],
      [
        '[{"op":"remove","path":"/spec/template/spec/containers/-3"}]',
        { error: "error in remove for path: '/spec/template/spec/containers/-3': Unable to access invalid index: -3: invalid index referenced" },
      ],
      [
        '[{"op":"remove","path":"/spec/template/spec/containers/x"}]',
        { error: 'error in remove for path: \'/spec/template/spec/containers/x\': strconv.Atoi: parsing "x": invalid syntax' },
      ],
      ['[{"op":"remove","path":"/spec/nope/x"}]', { error: 'remove operation does not apply: doc is missing path: "/spec/nope/x": missing value' }],
      ['[{"op":"remove","path":"/spec/replicas/x"}]', { error: 'remove operation does not apply: doc is missing path: "/spec/replicas/x": missing value' }],
      ['[{"op":"remove","path":""}]', { error: 'remove operation does not apply: doc is missing path: "": missing value' }],
      ['[{"op":"remove","path":"/"}]', { error: "error in remove for path: '/': Unable to remove nonexistent key: : missing value" }],
      ['[{"op":"remove","path":"kind"}]', { error: 'remove operation does not apply: doc is missing path: "kind": missing value' }],
      [
        '[{"op":"add","path":"/spec/n","value":[]},{"op":"remove","path":"/spec/n/-0"}]',
        { error: "error in remove for path: '/spec/n/-0': Unable to access invalid index: 0: invalid index referenced" },
      ],
      [
        '[{"op":"add","path":"/spec/n","value":[[1,2],[3]]},{"op":"add","path":"/spec/n/1/0","value":9},{"op":"remove","path":"/spec/n/0/-2"}]',
        patched(['/spec/n', [[2], [9, 3]]]),
      ],
    ]);
  });

  it('replace: a missing object key is added; the empty path takes an object or list value and ignores any other', () => {
    expectCases([
      ['[{"op":"replace","path":"/spec/minReadySeconds","value":8}]', patched(['/spec/minReadySeconds', 8])],
      ['[{"op":"replace","path":"/spec/nope","value":1}]', patched(['/spec/nope', 1])],
      ['[{"op":"replace","path":"/spec/minReadySeconds"}]', patched(['/spec/minReadySeconds', null])],
      [
        '[{"op":"replace","path":"/spec/template/spec/containers/-1","value":{"name":"z","image":"z"}}]',
        patched([
          '/spec/template/spec/containers',
          [
            { image: 'nginx', name: 'a' },
            { image: 'z', name: 'z' },
          ],
        ]),
      ],
      [
        '[{"op":"replace","path":"/spec/template/spec/containers/2","value":{"name":"z","image":"z"}}]',
        { error: 'replace operation does not apply: doc is missing key: /spec/template/spec/containers/2: missing value' },
      ],
      [
        '[{"op":"replace","path":"/spec/template/spec/containers/-3","value":{"name":"z","image":"z"}}]',
        { error: 'replace operation does not apply: doc is missing key: /spec/template/spec/containers/-3: missing value' },
      ],
      [
        '[{"op":"replace","path":"/spec/template/spec/containers/-","value":{"name":"z","image":"z"}}]',
        { error: 'replace operation does not apply: doc is missing key: /spec/template/spec/containers/-: missing value' },
      ],
      ['[{"op":"add","path":"/spec/n","value":[1]},{"op":"replace","path":"/spec/n/-0","value":5}]', patched(['/spec/n', [5]])],
      ['[{"op":"add","path":"/spec/n","value":[1]},{"op":"replace","path":"/spec/n/+0","value":5}]', patched(['/spec/n', [5]])],
      ['[{"op":"replace","path":"/spec/nope/x","value":1}]', { error: 'replace operation does not apply: doc is missing path: /spec/nope/x: missing value' }],
      ['[{"op":"replace","path":"kind","value":"Pod"}]', { error: 'replace operation does not apply: doc is missing path: kind: missing value' }],
      [
        '[{"op":"replace","path":"","value":{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"q"}}},{"op":"add","path":"/data","value":{"a":"b"}}]',
        patched(['', { apiVersion: 'v1', data: { a: 'b' }, kind: 'ConfigMap', metadata: { name: 'q' } }]),
      ],
      ['[{"op":"replace","path":"","value":[1]},{"op":"add","path":"/0","value":0}]', { doc: [0, 1] }],
      [
        '[{"op":"replace","path":"","value":[1]},{"op":"replace","path":"","value":{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"q"}}}]',
        patched(['', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'q' } }]),
      ],
      ['[{"op":"replace","path":"","value":1}]', patched()],
      ['[{"op":"replace","path":"","value":null}]', patched()],
    ]);
  });

  it('move: the errors of from name its last token; a value cannot move into itself', () => {
    expectCases([
      ['[{"op":"move","from":"/spec/minReadySeconds","path":"/spec/x"}]', patched(['/spec/minReadySeconds'], ['/spec/x', 5])],
      [
        '[{"op":"move","from":"/spec/template/spec/containers/0","path":"/spec/template/spec/containers/-"}]',
        patched([
          '/spec/template/spec/containers',
          [
            { image: 'busybox', name: 'b' },
            { image: 'nginx', name: 'a' },
          ],
        ]),
      ],
      [
        '[{"op":"move","from":"/spec/template/spec/containers/-1","path":"/spec/template/spec/containers/0"}]',
        patched([
          '/spec/template/spec/containers',
          [
            { image: 'busybox', name: 'b' },
            { image: 'nginx', name: 'a' },
          ],
        ]),
      ],
      [
        '[{"op":"move","from":"/spec/template/spec/containers/0","path":"/spec/template/spec/containers/2"}]',
        { error: "error in move for path: '/spec/template/spec/containers/2': Unable to access invalid index: 2: invalid index referenced" },
      ],
      [
        '[{"op":"move","from":"/spec/nope","path":"/spec/x"}]',
        { error: "error in move for path: 'nope': Unable to remove nonexistent key: nope: missing value" },
      ],
      [
        '[{"op":"move","from":"/spec/template/spec/containers/5","path":"/spec/template/spec/containers/1"}]',
        { error: "error in move for path: '5': Unable to access invalid index: 5: invalid index referenced" },
      ],
      [
        '[{"op":"move","from":"/spec/template/spec/containers/-","path":"/spec/template/spec/containers/0"}]',
        { error: 'error in move for path: \'-\': strconv.Atoi: parsing "-": invalid syntax' },
      ],
      [
        '[{"op":"move","from":"/spec/template","path":"/spec/template/x"}]',
        { error: 'move operation does not apply: doc is missing destination path: /spec/template/x: missing value' },
      ],
      ['[{"op":"move","from":"/spec/template","path":"/spec/template"}]', patched()],
      [
        '[{"op":"move","from":"/spec/template/spec/containers","path":"/spec/template/spec/containers/0"}]',
        { error: 'move operation does not apply: doc is missing destination path: /spec/template/spec/containers/0: missing value' },
      ],
      [
        '[{"op":"move","from":"/spec/minReadySeconds","path":"/spec/nope/x"}]',
        { error: 'move operation does not apply: doc is missing destination path: /spec/nope/x: missing value' },
      ],
      [
        '[{"op":"move","from":"/spec/nope/x","path":"/spec/x"}]',
        { error: 'move operation does not apply: doc is missing from path: /spec/nope/x: missing value' },
      ],
      ['[{"op":"move","from":"","path":"/spec/x"}]', { error: 'move operation does not apply: doc is missing from path: : missing value' }],
      [
        '[{"op":"move","from":"/spec/minReadySeconds","path":""}]',
        { error: 'move operation does not apply: doc is missing destination path: : missing value' },
      ],
    ]);
  });

  it('copy: a missing object key copies null', () => {
    expectCases([
      ['[{"op":"copy","from":"/spec/minReadySeconds","path":"/spec/x"}]', patched(['/spec/x', 5])],
      [
        '[{"op":"copy","from":"/spec/template/spec/containers","path":"/spec/template/spec/containers/-"}]',
        patched([
          '/spec/template/spec/containers',
          [
            { image: 'nginx', name: 'a' },
            { image: 'busybox', name: 'b' },
            [
              { image: 'nginx', name: 'a' },
              { image: 'busybox', name: 'b' },
            ],
          ],
        ]),
      ],
      ['[{"op":"copy","from":"/spec/nope","path":"/spec/x"}]', patched(['/spec/x', null])],
      [
        '[{"op":"copy","from":"/spec/template/spec/containers/5","path":"/spec/template/spec/containers/-"}]',
        { error: "error in copy for from: '/spec/template/spec/containers/5': Unable to access invalid index: 5: invalid index referenced" },
      ],
      [
        '[{"op":"copy","from":"/spec/template/spec/containers/-3","path":"/spec/template/spec/containers/-"}]',
        { error: "error in copy for from: '/spec/template/spec/containers/-3': Unable to access invalid index: -3: invalid index referenced" },
      ],
      [
        '[{"op":"copy","from":"/spec/template/spec/containers/x","path":"/spec/template/spec/containers/-"}]',
        { error: 'error in copy for from: \'/spec/template/spec/containers/x\': strconv.Atoi: parsing "x": invalid syntax' },
      ],
      [
        '[{"op":"copy","from":"/spec/template/spec/containers/0","path":"/spec/template/spec/containers/x"}]',
        { error: 'error while adding value during copy: value was not a proper array index: \'x\': strconv.Atoi: parsing "x": invalid syntax' },
      ],
      [
        '[{"op":"copy","from":"/spec/minReadySeconds","path":"/spec/template/spec/containers/9"}]',
        { error: 'error while adding value during copy: Unable to access invalid index: 9: invalid index referenced' },
      ],
      [
        '[{"op":"copy","from":"/spec/nope/y","path":"/spec/x"}]',
        { error: 'copy operation does not apply: doc is missing from path: /spec/nope/y: missing value' },
      ],
      [
        '[{"op":"copy","from":"/spec/minReadySeconds","path":"/spec/nope/x"}]',
        { error: 'copy operation does not apply: doc is missing destination path: /spec/nope/x: missing value' },
      ],
      ['[{"op":"copy","from":"","path":"/spec/x"}]', { error: 'copy operation does not apply: doc is missing from path: : missing value' }],
      ['[{"op":"copy","from":"/","path":"/spec/x"}]', patched(['/spec/x', null])],
    ]);
  });

  it('test: structural equality; null matches a missing key; a copied null is an empty object', () => {
    expectCases([
      ['[{"op":"test","path":"/spec/minReadySeconds","value":5}]', patched()],
      ['[{"op":"test","path":"/spec/minReadySeconds","value":5.0}]', patched()],
      ['[{"op":"test","path":"/spec/minReadySeconds","value":"5"}]', { error: 'testing value /spec/minReadySeconds failed: test failed' }],
      ['[{"op":"test","path":"/spec/minReadySeconds","value":6}]', { error: 'testing value /spec/minReadySeconds failed: test failed' }],
      ['[{"op":"test","path":"/spec/minReadySeconds","value":[5]}]', { error: 'testing value /spec/minReadySeconds failed: test failed' }],
      ['[{"op":"test","path":"/spec/minReadySeconds"}]', { error: 'testing value /spec/minReadySeconds failed: test failed' }],
      ['[{"op":"test","path":"/spec/minReadySeconds","value":null}]', { error: 'testing value /spec/minReadySeconds failed: test failed' }],
      ['[{"op":"test","path":"/spec/nope","value":null}]', patched()],
      ['[{"op":"test","path":"/spec/nope","value":1}]', { error: 'testing value /spec/nope failed: test failed' }],
      ['[{"op":"test","path":"/spec/template/spec/containers","value":[{"image":"nginx","name":"a"},{"name":"b","image":"busybox"}]}]', patched()],
      [
        '[{"op":"test","path":"/spec/template/spec/containers","value":[{"name":"a","image":"nginx"}]}]',
        { error: 'testing value /spec/template/spec/containers failed: test failed' },
      ],
      [
        '[{"op":"test","path":"/spec/template/spec/containers/0","value":{"name":"a"}}]',
        { error: 'testing value /spec/template/spec/containers/0 failed: test failed' },
      ],
      ['[{"op":"test","path":"/spec/template/spec/containers","value":{}}]', { error: 'testing value /spec/template/spec/containers failed: test failed' }],
      ['[{"op":"test","path":"/spec/selector","value":[]}]', { error: 'testing value /spec/selector failed: test failed' }],
      ['[{"op":"test","path":"/spec/selector","value":null}]', { error: 'testing value /spec/selector failed: test failed' }],
      [
        '[{"op":"test","path":"/spec/template/spec/containers/5","value":1}]',
        { error: "error in test for path: '/spec/template/spec/containers/5': Unable to access invalid index: 5: invalid index referenced" },
      ],
      [
        '[{"op":"test","path":"/spec/template/spec/containers/x","value":1}]',
        { error: 'error in test for path: \'/spec/template/spec/containers/x\': strconv.Atoi: parsing "x": invalid syntax' },
      ],
      ['[{"op":"test","path":"/spec/nope/x","value":1}]', { error: 'test operation does not apply: is missing path: /spec/nope/x: missing value' }],
      ['[{"op":"test","path":"","value":{}}]', { error: 'testing value  failed: test failed' }],
      ['[{"op":"test","path":"","value":[]}]', { error: 'testing value  failed: test failed' }],
      [
        '[{"op":"replace","path":"","value":{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"q"}}},{"op":"test","path":"","value":{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"q"}}}]',
        patched(['', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'q' } }]),
      ],
      ['[{"op":"replace","path":"","value":[1]},{"op":"test","path":"","value":[1]}]', { doc: [1] }],
      ['[{"op":"add","path":"/spec/n","value":null},{"op":"test","path":"/spec/n","value":null}]', patched(['/spec/n', null])],
      ['[{"op":"add","path":"/spec/n","value":null},{"op":"test","path":"/spec/n","value":1}]', { error: 'testing value /spec/n failed: test failed' }],
      ['[{"op":"add","path":"/spec/n","value":null},{"op":"test","path":"/spec/n"}]', { error: 'testing value /spec/n failed: test failed' }],
      ['[{"op":"add","path":"/spec/n"},{"op":"test","path":"/spec/n","value":null}]', patched(['/spec/n', null])],
      ['[{"op":"add","path":"/spec/n","value":{"a":null}},{"op":"test","path":"/spec/n","value":{"a":null}}]', patched(['/spec/n', { a: null }])],
      [
        '[{"op":"add","path":"/spec/n","value":{"a":null}},{"op":"test","path":"/spec/n","value":{"b":null}}]',
        { error: 'testing value /spec/n failed: test failed' },
      ],
      ['[{"op":"add","path":"/spec/n","value":[null]},{"op":"test","path":"/spec/n/0","value":null}]', patched(['/spec/n', [null]])],
      [
        '[{"op":"add","path":"/spec/n","value":[[1,2],[3]]},{"op":"test","path":"/spec/n","value":[[1,2],[4]]}]',
        { error: 'testing value /spec/n failed: test failed' },
      ],
      ['[{"op":"add","path":"/spec/n","value":"<&>"},{"op":"test","path":"/spec/n","value":"<&>"}]', patched(['/spec/n', '<&>'])],
      [
        '[{"op":"add","path":"/spec/l","value":[1,null]},{"op":"test","path":"/spec/l","value":[2,null]}]',
        { error: 'testing value /spec/l failed: test failed' },
      ],
      [
        '[{"op":"add","path":"/spec/n","value":null},{"op":"copy","from":"/spec/n","path":"/spec/m"},{"op":"test","path":"/spec/m","value":{}}]',
        patched(['/spec/m', null], ['/spec/n', null]),
      ],
      [
        '[{"op":"add","path":"/spec/n","value":null},{"op":"copy","from":"/spec/n","path":"/spec/m"},{"op":"test","path":"/spec/m/zz","value":null}]',
        patched(['/spec/m', null], ['/spec/n', null]),
      ],
      [
        '[{"op":"add","path":"/spec/n","value":null},{"op":"copy","from":"/spec/n","path":"/spec/m"},{"op":"remove","path":"/spec/m/zz"}]',
        { error: "error in remove for path: '/spec/m/zz': Unable to remove nonexistent key: zz: missing value" },
      ],
    ]);
  });

  it('panics where upstream dereferences nil or assigns into a nil map', () => {
    expectCases([
      ['[{"op":"test","path":"/spec/nope"}]', { panic: 'runtime error: invalid memory address or nil pointer dereference' }],
      ['[{"op":"test","path":""}]', { panic: 'runtime error: invalid memory address or nil pointer dereference' }],
      ['[{"op":"replace","path":""}]', { panic: 'runtime error: invalid memory address or nil pointer dereference' }],
      ['[{"op":"add","path":"/spec/n"},{"op":"test","path":"/spec/n"}]', { panic: 'runtime error: invalid memory address or nil pointer dereference' }],
      [
        '[{"op":"add","path":"/spec/x","value":null},{"op":"add","path":"/spec/x/y","value":1}]',
        { panic: 'runtime error: invalid memory address or nil pointer dereference' },
      ],
      [
        '[{"op":"add","path":"/spec/n","value":null},{"op":"move","from":"/spec/n","path":"/spec/m"},{"op":"add","path":"/spec/m/x","value":1}]',
        { panic: 'runtime error: invalid memory address or nil pointer dereference' },
      ],
      [
        '[{"op":"add","path":"/spec/l","value":[1,null]},{"op":"test","path":"/spec/l","value":[1,null]}]',
        { panic: 'runtime error: invalid memory address or nil pointer dereference' },
      ],
      [
        '[{"op":"add","path":"/spec/l","value":[1,2]},{"op":"test","path":"/spec/l","value":[1,null]}]',
        { panic: 'runtime error: invalid memory address or nil pointer dereference' },
      ],
      [
        '[{"op":"add","path":"/spec/n","value":null},{"op":"copy","from":"/spec/n","path":"/spec/m"},{"op":"add","path":"/spec/m/x","value":1}]',
        { panic: 'assignment to entry in nil map' },
      ],
      [
        '[{"op":"add","path":"/spec/n","value":null},{"op":"copy","from":"/spec/n","path":"/spec/m"},{"op":"replace","path":"/spec/m/x","value":1}]',
        { panic: 'assignment to entry in nil map' },
      ],
    ]);
  });

  it('leaves its input alone and shares nothing with it or the patch', () => {
    const ops = decodeJsonPatch([{ op: 'add', path: '/spec/x', value: { a: [1] } }]);
    if ('error' in ops) throw new Error(ops.error);
    const out = applyJsonPatch(TWO, ops) as { spec: { x: { a: number[] }; selector: { matchLabels: Record<string, string> } } };
    out.spec.x.a.push(2);
    out.spec.selector.matchLabels['b'] = 'c';
    expect(ops[0]!['value']).toEqual({ a: [1] });
    expect({ doc: TWO }).toEqual(patched());
  });
});

describe('AccumulatedCopySizeLimit (the API server arms it with JSONPatchMaxCopyBytes)', () => {
  const copies = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ op: 'copy', from: '/spec/selector', path: `/spec/c${i}` })));
  // {"matchLabels":{"app":"two"}}: 29 bytes of Go JSON per copy.
  const selectorBytes = goJson(TWO['spec'] && isMap(TWO['spec']) ? TWO['spec']['selector']! : null).length;

  it('counts the Go JSON bytes of every copy and refuses the copy that passes the limit', () => {
    expect(selectorBytes).toBe(29);
    expect(run(copies(2), TWO, 58)).toEqual(patched(['/spec/c0', { matchLabels: { app: 'two' } }], ['/spec/c1', { matchLabels: { app: 'two' } }]));
    expect(run(copies(2), TWO, 57)).toEqual({ error: 'Unable to complete the copy, the accumulated size increase of copy is 58, exceeding the limit 57' });
    // No limit by default, as kubectl runs the library.
    expect(run(copies(3))).toEqual(patched(...[0, 1, 2].map((i) => [`/spec/c${i}`, { matchLabels: { app: 'two' } }] as const)));
  });

  it('measures the text Go writes: <, > and & take six bytes each', () => {
    const doc = { ...clone(TWO), s: '<&>' };
    expect(run('[{"op":"copy","from":"/s","path":"/t"}]', doc, 19)).toEqual({
      error: 'Unable to complete the copy, the accumulated size increase of copy is 20, exceeding the limit 19',
    });
    expect(run('[{"op":"copy","from":"/s","path":"/t"}]', doc, 20)).toEqual({ doc: { ...doc, t: '<&>' } });
  });

  it('is 3 MiB on the API server path of kubectl patch', () => {
    expect(API_SERVER_JSON_PATCH_MAX_COPY_BYTES).toBe(3 * 1024 * 1024);
    const f = fixture();
    const big = 'a'.repeat(1024 * 1024);
    const files: Record<string, string> = {
      'agent.yaml': AGENT_YAML,
      // Each copy of the 1 MiB string is 1048578 bytes with its quotes: the third passes 3 MiB.
      'three.json': JSON.stringify([{ op: 'add', path: '/x', value: big }, ...['y', 'z', 'w'].map((k) => ({ op: 'copy', from: '/x', path: `/${k}` }))]),
    };
    const sh = (line: string) => exec(f.cluster, line, undefined, { readFile: (p) => files[p] });
    expect(sh('kubectl create -f agent.yaml').exitCode).toBe(0);
    expect(sh('kubectl patch ds agent --type json --patch-file three.json')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'The request is invalid: the server rejected our request due to an error in our request\n',
    });
  });
});

describe('kubectl patch --local --type json: what getPatchedJSON makes of the library (read from kubectl 1.32)', () => {
  const sh = (patch: string) => {
    const f = fixture();
    return exec(f.cluster, `kubectl patch --local -f two.yaml --type=json -p '${patch}'`, undefined, {
      readFile: (p) => (p === 'two.yaml' ? TWO_YAML : undefined),
    });
  };
  const failed = (stderr: string) => ({ exitCode: 1, stdout: '', stderr });

  it('rewords a replace of a missing index, cutting the message after its first "key:"', () => {
    expect(sh('[{"op":"replace","path":"/spec/template/spec/containers/5","value":1}]')).toEqual(
      failed('error: Object to be patched is missing field (/spec/template/spec/containers/5: missing value)\n'),
    );
    expect(sh('[{"op":"add","path":"/spec/doc is missing key: x","value":1},{"op":"replace","path":"/spec/doc is missing key: x/0","value":1}]')).toEqual(
      failed('error: Object to be patched is missing field (x/0: missing value)\n'),
    );
  });

  it('passes the other errors on, and decodes what the patch made', () => {
    expect(sh('[{"op":"remove","path":"/spec/nope"}]')).toEqual(
      failed("error: error in remove for path: '/spec/nope': Unable to remove nonexistent key: nope: missing value\n"),
    );
    expect(sh('[{"op":"move","from":"/spec/nope","path":"/spec/x"}]')).toEqual(
      failed("error: error in move for path: 'nope': Unable to remove nonexistent key: nope: missing value\n"),
    );
    expect(sh('[{"op":"test","path":"/spec/minReadySeconds","value":6}]')).toEqual(failed('error: testing value /spec/minReadySeconds failed: test failed\n'));
    expect(sh('[1]')).toEqual(failed('error: json: cannot unmarshal number into Go value of type jsonpatch.Operation\n'));
    expect(sh('[{"op":"replace","path":"","value":[1]}]')).toEqual(failed('error: json: cannot unmarshal array into Go value of type unstructured.detector\n'));
    expect(sh('[{"op":"replace","path":"/spec/nope","value":1}]')).toEqual({ exitCode: 0, stdout: 'deployment.apps/two patched\n', stderr: '' });
    expect(sh('null')).toEqual({ exitCode: 0, stdout: 'deployment.apps/two patched (no change)\n', stderr: '' });
  });
});

describe('JSON merge patch (RFC 7386)', () => {
  it('merges objects, deletes nulls, replaces lists', () => {
    expect(mergePatch({ a: { b: 1, c: 2 }, l: [1, 2] }, { a: { b: null, d: 3 }, l: [3] })).toEqual({ a: { c: 2, d: 3 }, l: [3] });
  });
});

describe('goJson', () => {
  it('writes Go encoding/json text: sorted keys, HTML characters escaped', () => {
    expect(goJson({ b: 1, a: '<x & y>', c: [true, null] })).toBe('{"a":"\\u003cx \\u0026 y\\u003e","b":1,"c":[true,null]}');
  });
});
