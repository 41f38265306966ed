/**
 * The Go template engine behind `kubectl -o go-template` (src/kubectl/format/go-template*.ts).
 *
 * Every expected stdout and stderr below was recorded from real kubectl v1.32 rendering the
 * template offline (`kubectl label --local -f obj.yaml x=y -o go-template='TEMPLATE'`, which adds
 * the label x=y seen in the objects); none was worked out by hand or by this code. A failed
 * execution's stdout is the output written before the error, then kubectl's debugging dump,
 * which the last tests compare whole.
 */
import { describe, expect, it } from 'vitest';
import { goQuote } from '../../../src/sim/api/goquote.js';
import { goTemplateParseErrorMessage, parseGoTemplate, printGoTemplate } from '../../../src/kubectl/format/go-template.js';

/** A Deployment as kubectl decodes it for the template (keys sorted, the x=y label added). */
const DEPLOYMENT = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { annotations: { big: 'x' }, labels: { x: 'y' }, name: 'web', namespace: 'default' },
  spec: {
    minReadySeconds: 1.5,
    paused: false,
    progressDeadlineSeconds: 0,
    replicas: 3,
    revisionHistoryLimit: 1000000,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { creationTimestamp: null, labels: { app: 'web' } },
      spec: {
        containers: [
          { image: 'nginx:1.25', name: 'nginx', ports: [{ containerPort: 80 }, { containerPort: 443 }] },
          { image: 'busybox', name: 'side' },
        ],
      },
    },
  },
};

const NUMBERS = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { labels: { x: 'y' }, name: 'nums' },
  nums: { a: 1000000, b: 1, c: 1e21, d: 123456789012, e: 1e-5, f: 2500000, g: -7, h: 12345678901234567000 },
};

/** What kubectl prints for `-o go-template=TEMPLATE`: stdout and stderr. */
function kubectl(template: string, data: unknown, allowMissingKeys = true): { stdout: string; stderr: string } {
  const compiled = parseGoTemplate(template);
  if ('error' in compiled) return { stdout: '', stderr: `error: ${goTemplateParseErrorMessage(template, compiled.error)}\n` };
  const r = printGoTemplate(compiled, data, allowMissingKeys);
  return { stdout: r.stdout, stderr: r.error === undefined ? '' : `error: ${r.error}\n` };
}

/** A recorded case: the template, what it printed before any error, and stderr. */
type Case = readonly [template: string, stdout: string, stderr?: string];

function check(cases: readonly Case[], data: unknown, allowMissingKeys = true): void {
  const rows = cases.map(([template, stdout, stderr = '']): [string, string, string] => [template, stdout, stderr]);
  it.each(rows)('%s', (template, stdout, stderr) => {
    const r = kubectl(template, data, allowMissingKeys);
    expect(r.stderr).toBe(stderr);
    const failed = `error: error executing template ${goQuote(template)}: `;
    if (!stderr.startsWith(failed)) {
      expect(r.stdout).toBe(stdout);
      return;
    }
    const error = stderr.slice(failed.length, -1);
    expect(r.stdout.startsWith(`${stdout}Error executing template: ${error}. Printing more information for debugging the template:\n`)).toBe(true);
  });
}

describe("go-template: values print as Go's %v of the decoded JSON", () => {
  check(
    [
      ['{{.metadata.name}}{{"\\n"}}', 'web\n'],
      [
        '{{.spec.replicas}} {{.spec.revisionHistoryLimit}} {{.spec.minReadySeconds}} {{.spec.paused}} {{.spec.progressDeadlineSeconds}}',
        '3 1000000 1.5 false 0',
      ],
      ['{{.metadata}}', 'map[annotations:map[big:x] labels:map[x:y] name:web namespace:default]'],
      [
        '{{.spec.template.spec.containers}}',
        '[map[image:nginx:1.25 name:nginx ports:[map[containerPort:80] map[containerPort:443]]] map[image:busybox name:side]]',
      ],
      ['{{.spec.template.metadata}}', 'map[creationTimestamp:<nil> labels:map[app:web]]'],
      ['{{.metadata.labels.x}}', 'y'],
      ["{{\"\\n\"}}{{`raw\\n`}}{{'a'}}{{'\\n'}}", '\nraw\\n9710'],
      ['{{0x10}} {{0o17}} {{0b101}} {{1_000}} {{.5}} {{5.}} {{1e3}} {{0x1p4}} {{-0}} {{+5}}', '16 15 5 1000 0.5 5 1000 16 0 5'],
      ['{{1+2i}} {{1i}}', '(1+2i) (0+1i)'],
      ['{{true}} {{false}}', 'true false'],
      ['{{"a\\tb\\u00e9\\x41\\101"}}', 'a\tbéAA'],
    ],
    DEPLOYMENT,
  );
});
describe('go-template: numbers: integral ones are int64 (1000000, not 1e+06), others float64', () => {
  check(
    [
      [
        '{{.nums.a}} {{.nums.b}} {{.nums.c}} {{.nums.d}} {{.nums.e}} {{.nums.f}} {{.nums.g}} {{.nums.h}}',
        '1000000 1 1e+21 123456789012 1e-05 2500000 -7 1.2345678901234567e+19',
      ],
      ['{{.nums}}', 'map[a:1000000 b:1 c:1e+21 d:123456789012 e:1e-05 f:2500000 g:-7 h:1.2345678901234567e+19]'],
      ['{{printf "%T %T %T" .nums.a .nums.c .nums.h}}', 'int64 float64 float64'],
    ],
    NUMBERS,
  );
});
describe('go-template: missing keys and null with --allow-missing-template-keys=true (missingkey=default)', () => {
  check(
    [
      ['{{.nope}}|{{.metadata.nope}}|{{.nope.deeper}}', '<no value>|<no value>|<no value>'],
      ['{{.spec.template.metadata.creationTimestamp}}', '<no value>'],
      ['{{index .spec "zz"}}', '<no value>'],
      ['{{print .missing}}|{{printf "%s" .missing}}', '<nil>|%!s(<nil>)'],
      ['{{html .missing}}', '&lt;no value&gt;'],
      ['{{range .missing}}x{{else}}empty{{end}}', 'empty'],
      ['{{with .missing}}x{{else}}none{{end}}', 'none'],
      ['{{$x := .missing}}{{$x.y}}', '<no value>'],
    ],
    DEPLOYMENT,
  );
});
describe('go-template: if, else if, with, else with, range, break, continue, variables, trim markers, comments, define', () => {
  check(
    [
      ['{{range .spec.template.spec.containers}}{{.name}}={{.image}} {{end}}', 'nginx=nginx:1.25 side=busybox '],
      ['{{range $i, $c := .spec.template.spec.containers}}{{$i}}:{{$c.name}} {{end}}', '0:nginx 1:side '],
      ['{{range $k, $v := .metadata}}{{$k}};{{end}}', 'annotations;labels;name;namespace;'],
      ['{{range .spec.template.spec.containers}}{{range .ports}}{{.containerPort}},{{end}}|{{end}}', '80,443,||'],
      ['{{if .spec.template.spec.containers}}y{{end}}{{if .spec.paused}}p{{else}}np{{end}}{{if .missing}}m{{else if .spec.replicas}}r{{end}}', 'ynpr'],
      ['{{with .metadata}}{{.name}}{{end}}', 'web'],
      ['{{with .missing}}a{{else with .metadata.name}}{{.}}{{end}}', 'web'],
      [
        '{{range .spec.template.spec.containers}}{{if eq .name "nginx"}}{{continue}}{{end}}{{.name}}{{end}}|{{range .spec.template.spec.containers}}{{.name}}{{break}}{{end}}',
        'side|nginx',
      ],
      ['{{$x := .metadata.name}}{{range .spec.template.spec.containers}}{{$x}}-{{.name}} {{$.kind}} {{end}}', 'web-nginx Deployment web-side Deployment '],
      ['{{$x := 1}}{{$x = 2}}{{$x}}', '2'],
      ['{{$n := 0}}{{range .spec.template.spec.containers}}{{$n = .name}}{{end}}{{$n}}', 'side'],
      ['{{range .spec.template.spec.containers}}{{break}}{{else}}e{{end}}', ''],
      ['a  {{- "b" -}}  c {{- /* x */ -}} d {{.metadata.name -}}\n e', 'abcd webe'],
      ['{{-3}} {{- 3}}', '-33'],
      ['a {{-\n.metadata.name\n-}} b', 'awebb'],
      ['{{/* only a comment */}}', ''],
      ['{{- /* c */}}', ''],
      ['{{/* c */ -}}  x', 'x'],
      ['{{.kind |\n  len\n}}', '10'],
      ['{{(index .spec.template.spec.containers 0).name}} {{(.metadata).name}}', 'nginx web'],
      ['{{define "a"}}[{{.}}]{{end}}{{template "a" .kind}}{{template "a"}}', '[Deployment][<no value>]'],
      ['{{block "b" .metadata}}{{.name}}{{end}}', 'web'],
    ],
    DEPLOYMENT,
  );
});
describe("go-template: builtins and kubectl's exists and base64decode", () => {
  check(
    [
      ['{{index .spec.selector.matchLabels "app"}} {{index .spec.template.spec.containers 1 "name"}} {{len .spec.template.spec.containers}}', 'web side 2'],
      ['{{index .metadata.name 1}} {{slice .metadata.name 1 2}} {{slice .spec.template.spec.containers 1}}', '101 e [map[image:busybox name:side]]'],
      ['{{len .metadata.labels}} {{len "héllo"}} {{index "héllo" 1}} {{slice "héllo" 1 3}}', '1 6 195 é'],
      [
        '{{and 1 0 2}} {{or 0 "" "x"}} {{and .spec.replicas .metadata.name}} {{or .missing .spec.paused}} {{not .missing}} {{not 1}}',
        '0 x web false true false',
      ],
      [
        '{{eq .spec.replicas 3}} {{eq .metadata.name "web" "x"}} {{ne 1 2}} {{le 2 2}} {{gt 3 2}} {{ge 1 2}} {{lt "a" "b"}}',
        'true true true true true false true',
      ],
      ['{{eq .missing "a"}} {{eq .missing nil}} {{eq .spec.template.metadata.creationTimestamp nil}} {{eq .metadata nil}}', 'false true true false'],
      ['{{eq (index "a" 0) 97}} {{eq .spec.paused false true}} {{eq 1.5 .spec.minReadySeconds}}', 'true true true'],
      ['{{print 1 2 "a" "b" 3 .missing .spec.paused}}|{{println "a" 1}}|', '1 2ab3 <nil> false|a 1\n|'],
      ['{{print}}|{{println}}|{{print nil}}', '|\n|<nil>'],
      [
        '{{html "<a href=\\"x\\">&\'</a>"}}|{{js "a\'b\\"c<>&=\\n\\\\é"}}|{{urlquery "a b&c=d/é"}}',
        '&lt;a href=&#34;x&#34;&gt;&amp;&#39;&lt;/a&gt;|a\\\'b\\"c\\u003C\\u003E\\u0026\\u003D\\u000A\\\\é|a+b%26c%3Dd%2F%C3%A9',
      ],
      ['{{"a" | printf "%s-%s" "b"}} {{.metadata.name | len}} {{.missing | and 1}} {{.metadata.name | print "x"}}', 'b-a 3 <no value> xweb'],
      [
        '{{exists . "spec" "replicas"}} {{exists . "spec" "nope"}} {{exists . "spec" "template" "spec" "containers" 0 "name"}} {{exists . "spec" "template" "metadata" "creationTimestamp"}}',
        'true false true false',
      ],
      ['{{base64decode "aGVsbG8="}} {{base64decode "aGVs\\nbG8="}} {{base64decode ""}}', 'hello hello '],
    ],
    DEPLOYMENT,
  );
});
describe("go-template: printf, print and println format as Go's fmt", () => {
  check(
    [
      [
        '{{.spec.replicas | printf "%05d"}}|{{printf "%-5s|%5s|%.2f|%x|%X|%o|%q|%v|%T" "ab" "cd" 3.14159 255 "hi" 8 "q\\"x" .metadata.labels .spec.replicas}}',
        '00003|ab   |   cd|3.14|ff|6869|10|"q\\"x"|map[x:y]|int64',
      ],
      [
        '{{printf "%d %d" 1}}|{{printf "%d" 1 2}}|{{printf "%z" 1}}|{{printf "%!"}}|{{printf "100%%"}}|{{printf "%d %!d %"}}',
        '1 %!d(MISSING)|1%!(EXTRA int=2)|%!z(int=1)|%!!(MISSING)|100%|%!d(MISSING) %!!(MISSING)d %!(NOVERB)',
      ],
      [
        '{{printf "%c|%U|%e|%g|%G|%b|%t|%8.3f|%+d|% d|%x" 65 65 1234.5678 0.000012345 1e21 5 true 3.14159 5 5 "héllo"}}',
        'A|U+0041|1.234568e+03|1.2345e-05|1E+21|101|true|   3.142|+5| 5|68c3a96c6c6f',
      ],
      ['{{printf "%v %v %v %v" 1.0 1e6 100000000.0 .spec.minReadySeconds}}', '1 1e+06 1e+08 1.5'],
      [
        '{{printf "%s" .metadata}} {{printf "%d" .metadata.labels}}',
        'map[annotations:map[big:x] labels:map[x:y] name:web namespace:default] map[%!d(string=x):%!d(string=y)]',
      ],
      [
        '{{printf "%q" .metadata.labels}} {{printf "%#v" .metadata.labels}} {{printf "%+v" .metadata.labels}}',
        'map["x":"y"] map[string]interface {}{"x":"y"} map[x:y]',
      ],
      ['{{printf "%05s|%-05d|%05d|%5.2s|% x|%#x|%+q" "ab" 3 -3 "héllo" "hé" 255 "é"}}', '000ab|3    |-0003|   hé|68 c3 a9|0xff|"\\u00e9"'],
      [
        '{{printf "%6.2f|%-8.3e|%g|%.3g|%10.4g|%G|%e" 3.14159 1234.5 1e-7 1234567.0 0.000123456 1e-10 0.0}}',
        '  3.14|1.234e+03|1e-07|1.23e+06| 0.0001235|1E-10|0.000000e+00',
      ],
      ['{{printf "%.1f %.1f %.0f %.0f %.2f" 0.25 0.35 2.5 3.5 1.005}}', '0.2 0.3 2 4 1.00'],
      ['{{printf "%*d|%-*d|%.*f" 5 42 4 7 2 3.14159}}|{{printf "%[2]d %[1]d" 1 2}}', '   42|7   |3.14|2 1'],
      ['{{printf "%T %T %T %T %T %T" 1 1.5 "s" true .missing .spec.template.spec.containers}}', 'int float64 string bool <nil> []interface {}'],
      [
        '{{printf "%s" .spec.template.spec.containers}}',
        '[map[image:nginx:1.25 name:nginx ports:[map[containerPort:%!s(int64=80)] map[containerPort:%!s(int64=443)]]] map[image:busybox name:side]]',
      ],
    ],
    DEPLOYMENT,
  );
});
describe('go-template: parse errors', () => {
  check(
    [
      ['{{.x', '', 'error: error parsing template {{.x, template: output:1: unclosed action\n'],
      ['{{.x}', '', "error: error parsing template {{.x}, template: output:1: bad character U+007D '}'\n"],
      ['{{end}}', '', 'error: error parsing template {{end}}, template: output:1: unexpected {{end}}\n'],
      ['{{else}}', '', 'error: error parsing template {{else}}, template: output:1: unexpected {{else}}\n'],
      ['{{if .x}}a', '', 'error: error parsing template {{if .x}}a, template: output:1: unexpected EOF\n'],
      [
        '{{if .x}}a{{else}}b{{else}}c{{end}}',
        '',
        'error: error parsing template {{if .x}}a{{else}}b{{else}}c{{end}}, template: output:1: expected end; found {{else}}\n',
      ],
      ['{{foo}}', '', 'error: error parsing template {{foo}}, template: output:1: function "foo" not defined\n'],
      ['{{$x}}', '', 'error: error parsing template {{$x}}, template: output:1: undefined variable "$x"\n'],
      ['{{.a | 3}}', '', 'error: error parsing template {{.a | 3}}, template: output:1: non executable command in pipeline stage 2\n'],
      ['{{"abc}}', '', 'error: error parsing template {{"abc}}, template: output:1: unterminated quoted string\n'],
      ['{{/* c', '', 'error: error parsing template {{/* c, template: output:1: unclosed comment\n'],
      ['{{/* c */ }}', '', 'error: error parsing template {{/* c */ }}, template: output:1: comment ends before closing delimiter\n'],
      ['{{(.x}}', '', 'error: error parsing template {{(.x}}, template: output:1: unclosed left paren\n'],
      ['{{.x)}}', '', 'error: error parsing template {{.x)}}, template: output:1: unexpected right paren\n'],
      ['{{3x}}', '', 'error: error parsing template {{3x}}, template: output:1: bad number syntax: "3x"\n'],
      ['{{.x=3}}', '', "error: error parsing template {{.x=3}}, template: output:1: bad character U+003D '='\n"],
      ['{{.x:3}}', '', 'error: error parsing template {{.x:3}}, template: output:1: expected :=\n'],
      ['{{}}', '', 'error: error parsing template {{}}, template: output:1: missing value for command\n'],
      ['{{break}}', '', 'error: error parsing template {{break}}, template: output:1: {{break}} outside {{range}}\n'],
      ['{{range .x}}{{break 1}}{{end}}', '', 'error: error parsing template {{range .x}}{{break 1}}{{end}}, template: output:1: unexpected "1" in {{break}}\n'],
      ['{{with $x := 3}}{{end}}{{$x}}', '', 'error: error parsing template {{with $x := 3}}{{end}}{{$x}}, template: output:1: undefined variable "$x"\n'],
      ['line1\nline2 {{.a.b}} {{if}}', '', 'error: error parsing template line1\nline2 {{.a.b}} {{if}}, template: output:2: missing value for if\n'],
      ["{{'ab'}}", '', "error: error parsing template {{'ab'}}, template: output:1: malformed character constant: 'ab'\n"],
      [
        '{{99999999999999999999}}',
        '',
        'error: error parsing template {{99999999999999999999}}, template: output:1: integer overflow: "99999999999999999999"\n',
      ],
      ['{{08}}', '', 'error: error parsing template {{08}}, template: output:1: integer overflow: "08"\n'],
      ['{{1.2.3}}', '', 'error: error parsing template {{1.2.3}}, template: output:1: unexpected ".3" in operand\n'],
      ['{{"a".x}}', '', 'error: error parsing template {{"a".x}}, template: output:1: unexpected . after term "\\"a\\""\n'],
      [
        '{{range $a, $b, $c := .}}{{end}}',
        '',
        'error: error parsing template {{range $a, $b, $c := .}}{{end}}, template: output:1: too many declarations in range\n',
      ],
      ['{{$x, $y := .}}', '', 'error: error parsing template {{$x, $y := .}}, template: output:1: too many declarations in command\n'],
      ['{{@}}', '', 'error: error parsing template {{@}}, template: output:1: unexpected "@" in command\n'],
      ['{{.x ¢}}', '', "error: error parsing template {{.x ¢}}, template: output:1: unrecognized character in action: U+00A2 '¢'\n"],
      ['{{"\\q"}}', '', 'error: error parsing template {{"\\q"}}, template: output:1: invalid syntax\n'],
      [
        '{{define "a"}}A{{end}}{{define "a"}}B{{end}}',
        '',
        'error: error parsing template {{define "a"}}A{{end}}{{define "a"}}B{{end}}, template: output:1: template: multiple definition of template "a"\n',
      ],
      ['{{if .x}}\n{{.y', '', 'error: error parsing template {{if .x}}\n{{.y, template: output:2: unclosed action\n'],
      ['{{.x\n\n', '', 'error: error parsing template {{.x\n\n, template: output:3: unclosed action started at output:1\n'],
      ['{{.x\n.y}', '', "error: error parsing template {{.x\n.y}, template: output:2: bad character U+007D '}' in action started at output:1\n"],
      ['{{ /* c */ }}', '', 'error: error parsing template {{ /* c */ }}, template: output:1: unexpected "/" in command\n'],
    ],
    DEPLOYMENT,
  );
});
describe('go-template: execution errors, after the output written so far', () => {
  check(
    [
      [
        '{{.metadata.name.x}}',
        '',
        'error: error executing template "{{.metadata.name.x}}": template: output:1:11: executing "output" at <.metadata.name.x>: can\'t evaluate field x in type interface {}\n',
      ],
      [
        '{{.spec.template.metadata.creationTimestamp.x}}',
        '',
        'error: error executing template "{{.spec.template.metadata.creationTimestamp.x}}": template: output:1:7: executing "output" at <.spec.template.metadata.creationTimestamp.x>: nil pointer evaluating interface {}.x\n',
      ],
      [
        'l1\n  é{{.metadata.name.x}}',
        'l1\n  é',
        'error: error executing template "l1\\n  é{{.metadata.name.x}}": template: output:2:15: executing "output" at <.metadata.name.x>: can\'t evaluate field x in type interface {}\n',
      ],
      [
        '{{.spec.template.spec.containers.name}}',
        '',
        'error: error executing template "{{.spec.template.spec.containers.name}}": template: output:1:7: executing "output" at <.spec.template.spec.containers.name>: can\'t evaluate field name in type interface {}\n',
      ],
      [
        '{{with .metadata}}{{.name.x}}{{end}}',
        '',
        'error: error executing template "{{with .metadata}}{{.name.x}}{{end}}": template: output:1:25: executing "output" at <.name.x>: can\'t evaluate field x in type interface {}\n',
      ],
      ['{{(1).x}}', '', 'error: error executing template "{{(1).x}}": template: output:1:3: executing "output" at <1>: can\'t evaluate field x in type int\n'],
      ['{{.x 3}}', '', 'error: error executing template "{{.x 3}}": template: output:1:2: executing "output" at <.x>: x is not a method but has arguments\n'],
      ['{{nil}}', '', 'error: error executing template "{{nil}}": template: output:1:2: executing "output" at <nil>: nil is not a command\n'],
      [
        '{{len .missing}}',
        '',
        'error: error executing template "{{len .missing}}": template: output:1:2: executing "output" at <len .missing>: error calling len: reflect: call of reflect.Value.Type on zero Value\n',
      ],
      [
        '{{len .spec.replicas}}',
        '',
        'error: error executing template "{{len .spec.replicas}}": template: output:1:2: executing "output" at <len .spec.replicas>: error calling len: len of type int64\n',
      ],
      [
        '{{index .missing "a"}}',
        '',
        'error: error executing template "{{index .missing \\"a\\"}}": template: output:1:2: executing "output" at <index .missing "a">: error calling index: index of untyped nil\n',
      ],
      [
        '{{index .spec.template.spec.containers 2}}',
        '',
        'error: error executing template "{{index .spec.template.spec.containers 2}}": template: output:1:2: executing "output" at <index .spec.template.spec.containers 2>: error calling index: reflect: slice index out of range\n',
      ],
      [
        '{{index .spec.template.spec.containers 5}}',
        '',
        'error: error executing template "{{index .spec.template.spec.containers 5}}": template: output:1:2: executing "output" at <index .spec.template.spec.containers 5>: error calling index: index out of range: 5\n',
      ],
      [
        '{{index .metadata.labels 1}}',
        '',
        'error: error executing template "{{index .metadata.labels 1}}": template: output:1:2: executing "output" at <index .metadata.labels 1>: error calling index: value has type int; should be string\n',
      ],
      [
        '{{range .spec.replicas}}{{end}}',
        '',
        'error: error executing template "{{range .spec.replicas}}{{end}}": template: output:1:13: executing "output" at <.spec.replicas>: range can\'t iterate over 3\n',
      ],
      [
        '{{range 3}}{{end}}',
        '',
        'error: error executing template "{{range 3}}{{end}}": template: output:1:8: executing "output" at <3>: range can\'t iterate over 3\n',
      ],
      [
        '{{eq .spec.replicas 3}} {{eq .spec.replicas 3.0}}',
        'true ',
        'error: error executing template "{{eq .spec.replicas 3}} {{eq .spec.replicas 3.0}}": template: output:1:26: executing "output" at <eq .spec.replicas 3.0>: error calling eq: incompatible types for comparison\n',
      ],
      [
        '{{lt .missing 5}}',
        '',
        'error: error executing template "{{lt .missing 5}}": template: output:1:2: executing "output" at <lt .missing 5>: error calling lt: invalid type for comparison\n',
      ],
      [
        '{{eq .metadata .metadata}}',
        '',
        'error: error executing template "{{eq .metadata .metadata}}": template: output:1:2: executing "output" at <eq .metadata .metadata>: error calling eq: non-comparable type map[annotations:map[big:x] labels:map[x:y] name:web namespace:default]: map[string]interface {}\n',
      ],
      [
        '{{eq .metadata.labels .spec.template.spec.containers}}',
        '',
        'error: error executing template "{{eq .metadata.labels .spec.template.spec.containers}}": template: output:1:2: executing "output" at <eq .metadata.labels .spec.template.spec.containers>: error calling eq: non-comparable types map[x:y]: map[string]interface {}, []interface {}: [map[image:nginx:1.25 name:nginx ports:[map[containerPort:80] map[containerPort:443]]] map[image:busybox name:side]]\n',
      ],
      [
        '{{eq}}',
        '',
        'error: error executing template "{{eq}}": template: output:1:2: executing "output" at <eq>: wrong number of args for eq: want at least 1 got 0\n',
      ],
      [
        '{{eq 1}}',
        '',
        'error: error executing template "{{eq 1}}": template: output:1:2: executing "output" at <eq 1>: error calling eq: missing argument for comparison\n',
      ],
      [
        '{{not 1 2}}',
        '',
        'error: error executing template "{{not 1 2}}": template: output:1:2: executing "output" at <not>: wrong number of args for not: want 1 got 2\n',
      ],
      ['{{printf 1}}', '', 'error: error executing template "{{printf 1}}": template: output:1:9: executing "output" at <1>: expected string; found 1\n'],
      [
        '{{base64decode .spec.replicas}}',
        '',
        'error: error executing template "{{base64decode .spec.replicas}}": template: output:1:20: executing "output" at <.spec.replicas>: wrong type for value; expected string; got int64\n',
      ],
      [
        '{{base64decode .missing}}',
        '',
        'error: error executing template "{{base64decode .missing}}": template: output:1:15: executing "output" at <.missing>: invalid value; expected string\n',
      ],
      [
        '{{base64decode "!!"}}',
        '',
        'error: error executing template "{{base64decode \\"!!\\"}}": template: output:1:2: executing "output" at <base64decode "!!">: error calling base64decode: base64 decode failed: illegal base64 data at input byte 0\n',
      ],
      [
        '{{call .metadata.name}}',
        '',
        'error: error executing template "{{call .metadata.name}}": template: output:1:2: executing "output" at <call .metadata.name>: error calling call: non-function .metadata.name of type string\n',
      ],
      [
        '{{.metadata.name | call}}',
        '',
        'error: error executing template "{{.metadata.name | call}}": caught panic: runtime error: index out of range [0] with length 0\n',
      ],
      ['{{$y = 1}}', '', 'error: error executing template "{{$y = 1}}": template: output:1:7: executing "output" at <1>: undefined variable: $y\n'],
      [
        '{{template "a"}}',
        '',
        'error: error executing template "{{template \\"a\\"}}": template: output:1:11: executing "output" at <{{template "a"}}>: template "a" not defined\n',
      ],
      [
        '{{define "a"}}{{template "a"}}{{end}}{{template "a"}}',
        '',
        'error: error executing template "{{define \\"a\\"}}{{template \\"a\\"}}{{end}}{{template \\"a\\"}}": template: output:1:25: executing "a" at <{{template "a"}}>: exceeded maximum template depth (100000)\n',
      ],
      [
        'ok {{.metadata.name}} {{len 3}} never',
        'ok web ',
        'error: error executing template "ok {{.metadata.name}} {{len 3}} never": template: output:1:24: executing "output" at <len 3>: error calling len: len of type int\n',
      ],
    ],
    DEPLOYMENT,
  );
});
describe('go-template: --allow-missing-template-keys=false (missingkey=error)', () => {
  check(
    [
      [
        '{{.spec.x}}{{.missing.y}}',
        '',
        'error: error executing template "{{.spec.x}}{{.missing.y}}": template: output:1:7: executing "output" at <.spec.x>: map has no entry for key "x"\n',
      ],
      [
        'A{{.nope}}',
        'A',
        'error: error executing template "A{{.nope}}": template: output:1:3: executing "output" at <.nope>: map has no entry for key "nope"\n',
      ],
      [
        '{{$x := .spec.template.metadata.creationTimestamp}}{{$x.y}}',
        '',
        'error: error executing template "{{$x := .spec.template.metadata.creationTimestamp}}{{$x.y}}": template: output:1:55: executing "output" at <$x.y>: nil data; no entry for key "y"\n',
      ],
      [
        '{{index .spec "zz"}}|{{range .missing}}{{end}}',
        '<no value>|',
        'error: error executing template "{{index .spec \\"zz\\"}}|{{range .missing}}{{end}}": template: output:1:29: executing "output" at <.missing>: map has no entry for key "missing"\n',
      ],
      ['{{.metadata.name}}', 'web'],
    ],
    DEPLOYMENT,
    false,
  );
});

describe('go-template: the debugging dump of a failed execution', () => {
  const CONFIGMAP = { apiVersion: 'v1', data: { a: '1', b: 'hello' }, kind: 'ConfigMap', metadata: { labels: { x: 'y' }, name: 'demo', namespace: 'default' } };

  it('shows the template, the JSON kubectl marshalled and the map the template saw', () => {
    expect(kubectl('A{{.nope}}', CONFIGMAP, false)).toEqual({
      stdout:
        'AError executing template: template: output:1:3: executing "output" at <.nope>: map has no entry for key "nope". Printing more information for debugging the template:\n\ttemplate was:\n\t\tA{{.nope}}\n\traw data was:\n\t\t{"apiVersion":"v1","data":{"a":"1","b":"hello"},"kind":"ConfigMap","metadata":{"labels":{"x":"y"},"name":"demo","namespace":"default"}}\n\tobject given to template engine was:\n\t\tmap[apiVersion:v1 data:map[a:1 b:hello] kind:ConfigMap metadata:map[labels:map[x:y] name:demo namespace:default]]\n\n',
      stderr: 'error: error executing template "A{{.nope}}": template: output:1:3: executing "output" at <.nope>: map has no entry for key "nope"\n',
    });
  });

  it('reports a panic the way safeExecute words it', () => {
    expect(kubectl('{{.metadata.name | call}}', CONFIGMAP)).toEqual({
      stdout:
        'Error executing template: caught panic: runtime error: index out of range [0] with length 0. Printing more information for debugging the template:\n\ttemplate was:\n\t\t{{.metadata.name | call}}\n\traw data was:\n\t\t{"apiVersion":"v1","data":{"a":"1","b":"hello"},"kind":"ConfigMap","metadata":{"labels":{"x":"y"},"name":"demo","namespace":"default"}}\n\tobject given to template engine was:\n\t\tmap[apiVersion:v1 data:map[a:1 b:hello] kind:ConfigMap metadata:map[labels:map[x:y] name:demo namespace:default]]\n\n',
      stderr: 'error: error executing template "{{.metadata.name | call}}": caught panic: runtime error: index out of range [0] with length 0\n',
    });
  });

  it('escapes <, > and & in the raw JSON and prints null as <nil> in the map', () => {
    const data = {
      apiVersion: 'v1',
      data: { false: null, uni: 'é' },
      kind: 'ConfigMap',
      metadata: { annotations: { html: '<b>&</b>' }, labels: { x: 'y' }, name: 'esc' },
    };
    expect(kubectl('{{.metadata.name.x}}', data).stdout).toBe(
      'Error executing template: template: output:1:11: executing "output" at <.metadata.name.x>: can\'t evaluate field x in type interface {}. Printing more information for debugging the template:\n\ttemplate was:\n\t\t{{.metadata.name.x}}\n\traw data was:\n\t\t{"apiVersion":"v1","data":{"false":null,"uni":"é"},"kind":"ConfigMap","metadata":{"annotations":{"html":"\\u003cb\\u003e\\u0026\\u003c/b\\u003e"},"labels":{"x":"y"},"name":"esc"}}\n\tobject given to template engine was:\n\t\tmap[apiVersion:v1 data:map[false:<nil> uni:é] kind:ConfigMap metadata:map[annotations:map[html:<b>&</b>] labels:map[x:y] name:esc]]\n\n',
    );
  });
});
