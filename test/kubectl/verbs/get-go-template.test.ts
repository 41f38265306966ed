/**
 * `kubectl get -o go-template` (and `template`, `go-template-file`, `templatefile`, `--template`,
 * `--allow-missing-template-keys`) through `exec`, on the printer fixtures' small cluster.
 *
 * The flag rules and error texts were observed with real kubectl v1.32, whose get shares these
 * printer flags with `kubectl label --local` (used offline as the oracle): `-o go-template
 * --template T`, a bare `--template` meaning go-template, `-o go-template=X --template Y` having
 * no printer, the file and empty-template errors, the debugging dump on stdout. A list of
 * objects is one `List` the template runs over once; a single named object is itself.
 */
import { describe, expect, test } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { event, put, run, scene } from './fixtures.js';

const NEWLINE = '{{"\\n"}}';

describe('kubectl get -o go-template', () => {
  test('a named object is the object itself (the DaemonSet rolling-update page)', () => {
    const { c } = scene();
    expect(run(c, `kubectl get ds/agent -o go-template='{{.spec.updateStrategy.type}}${NEWLINE}'`)).toEqual({
      exitCode: 0,
      stdout: 'RollingUpdate\n',
      stderr: '',
    });
  });

  test('several objects are one List: range over .items', () => {
    const { c } = scene();
    const line = `kubectl get pods -o go-template='{{range .items}}{{.metadata.name}} {{.spec.nodeName}}${NEWLINE}{{end}}'`;
    expect(run(c, line).stdout).toBe('agent-4x7kq node-1\nagent-9fz2m node-2\nagent-bbq5s node-3\nweb <no value>\n');
    expect(run(c, "kubectl get pods -o go-template='{{.apiVersion}} {{.kind}} {{.metadata}} {{len .items}}'").stdout).toBe('v1 List map[resourceVersion:] 4');
  });

  test('nothing found is an empty List, without "No resources found"', () => {
    const { c } = scene();
    expect(run(c, "kubectl get pods -n nowhere -o go-template='{{len .items}}'")).toEqual({ exitCode: 0, stdout: '0', stderr: '' });
  });

  test('index, if, printf and exists over real objects', () => {
    const { c } = scene();
    expect(run(c, `kubectl get pod web -o go-template='{{index .metadata.labels "app"}}'`).stdout).toBe('web');
    const cordoned = `kubectl get nodes -o go-template='{{range .items}}{{.metadata.name}}{{if .spec.unschedulable}} (cordoned){{end}}${NEWLINE}{{end}}'`;
    expect(run(c, cordoned).stdout).toBe('node-1\nnode-2 (cordoned)\nnode-3\n');
    const phases = `kubectl get pods -l app=agent -o go-template='{{range .items}}{{printf "%-12s|%s" .metadata.name .status.phase}}${NEWLINE}{{end}}'`;
    expect(run(c, phases).stdout).toBe('agent-4x7kq |Running\nagent-9fz2m |Running\nagent-bbq5s |Pending\n');
    expect(run(c, `kubectl get ds agent -o go-template='{{exists .status "numberReady"}} {{exists .status "nope"}} {{.status.numberReady}}'`).stdout).toBe(
      'true false 2',
    );
  });

  test('-o template, --template with -o go-template or -o template, and --template alone', () => {
    const { c } = scene();
    expect(run(c, "kubectl get pod web -o template='{{.kind}}'").stdout).toBe('Pod');
    expect(run(c, "kubectl get pod web -o go-template --template='{{.kind}}'").stdout).toBe('Pod');
    expect(run(c, "kubectl get pod web -o template --template '{{.metadata.name}}'").stdout).toBe('web');
    expect(run(c, "kubectl get pod web --template='{{.metadata.namespace}}'").stdout).toBe('default');
    expect(run(c, "kubectl get pod web -o jsonpath --template='{.metadata.name}'").stdout).toBe('web');
  });

  test('-o go-template-file and -o templatefile read the template from a file', () => {
    const { c } = scene();
    const files: Record<string, string> = { 'names.tmpl': '{{range .items}}{{.metadata.name}}{{"\\n"}}{{end}}' };
    const readFile = (name: string) => files[name];
    expect(exec(c, 'kubectl get nodes -o go-template-file=names.tmpl', undefined, { readFile }).stdout).toBe('node-1\nnode-2\nnode-3\n');
    expect(exec(c, 'kubectl get nodes -o templatefile --template names.tmpl', undefined, { readFile }).stdout).toBe('node-1\nnode-2\nnode-3\n');
    expect(exec(c, 'kubectl get nodes -o go-template-file=nope.tmpl', undefined, { readFile })).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'error: error reading --template nope.tmpl, open nope.tmpl: no such file or directory\n',
    });
  });

  test('a template that does not parse, or no template at all', () => {
    const { c } = scene();
    expect(run(c, "kubectl get pod web -o go-template='{{.metadata.name'")).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'error: error parsing template {{.metadata.name, template: output:1: unclosed action\n',
    });
    expect(run(c, "kubectl get pods -o go-template='{{range .items}}{{nope .}}{{end}}'").stderr).toBe(
      'error: error parsing template {{range .items}}{{nope .}}{{end}}, template: output:1: function "nope" not defined\n',
    );
    for (const line of ['kubectl get pods -o go-template', 'kubectl get pods -o go-template=', "kubectl get pods -o template --template ''"]) {
      expect(run(c, line)).toEqual({ exitCode: 1, stdout: '', stderr: 'error: template format specified but no template given\n' });
    }
  });

  test('-o go-template=X with --template has no printer', () => {
    const { c } = scene();
    expect(run(c, "kubectl get pods -o go-template='{{.kind}}' --template='{{.kind}}'").stderr).toBe(
      'error: unable to match a printer suitable for the output format "go-template={{.kind}}", allowed formats are: ' +
        'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml\n',
    );
  });

  test('a failed execution: the output so far and a debugging dump on stdout, the error on stderr', () => {
    const { c } = scene();
    const r = run(c, "kubectl get pod web -o go-template='{{.metadata.name}} {{len .spec.priority}} {{.kind}}'");
    const error = 'template: output:1:21: executing "output" at <len .spec.priority>: error calling len: len of type int64';
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(`error: error executing template "{{.metadata.name}} {{len .spec.priority}} {{.kind}}": ${error}\n`);
    expect(r.stdout.startsWith(`web Error executing template: ${error}. Printing more information for debugging the template:\n`)).toBe(true);
    expect(r.stdout).toContain('\n\traw data was:\n\t\t{"apiVersion":"v1","kind":"Pod","metadata":{"creationTimestamp":"2025-12-31T23:58:00Z",');
    expect(r.stdout.endsWith(' qosClass:Burstable]]\n\n')).toBe(true);
  });

  test('--allow-missing-template-keys=false fails on a missing key; by default it prints <no value>', () => {
    const { c } = scene();
    expect(run(c, "kubectl get pod web -o go-template='{{.spec.nope}}'").stdout).toBe('<no value>');
    const template = '{{.metadata.name}}:{{.spec.nope}}';
    const r = run(c, `kubectl get pod web -o go-template='${template}' --allow-missing-template-keys=false`);
    const error = 'template: output:1:26: executing "output" at <.spec.nope>: map has no entry for key "nope"';
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(`error: error executing template "${template}": ${error}\n`);
    expect(r.stdout.startsWith(`web:Error executing template: ${error}. Printing more information for debugging the template:\n`)).toBe(true);
    expect(r.stdout).toContain(`\n\ttemplate was:\n\t\t${template}\n\traw data was:\n\t\t{"apiVersion":"v1","kind":"Pod",`);
    expect(r.stdout).toContain('\n\tobject given to template engine was:\n\t\tmap[apiVersion:v1 kind:Pod metadata:map[');
  });

  test('the flag reaches -o jsonpath too', () => {
    const { c } = scene();
    expect(run(c, "kubectl get pod web -o jsonpath='{.nope}'")).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(run(c, "kubectl get pod web -o jsonpath='{.nope}' --allow-missing-template-keys=false").stderr).toMatch(
      /^error: error executing jsonpath "\{\.nope\}": Error executing template: nope is not found\. /,
    );
  });

  test('objects not found: the List of the others is printed, then the NotFound error', () => {
    const { c } = scene();
    expect(run(c, "kubectl get pod web nope -o go-template='{{range .items}}{{.metadata.name}}{{end}}'")).toEqual({
      exitCode: 1,
      stdout: 'web',
      stderr: 'Error from server (NotFound): pods "nope" not found\n',
    });
    expect(run(c, "kubectl get pod nope -o go-template='{{.kind}}'")).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'Error from server (NotFound): pods "nope" not found\n',
    });
    // A template that fails returns its own error instead (printGeneric drops the others).
    expect(run(c, "kubectl get pod web nope -o go-template='{{.nope.x}}' --allow-missing-template-keys=false").stderr).toBe(
      'error: error executing template "{{.nope.x}}": template: output:1:7: executing "output" at <.nope.x>: map has no entry for key "nope"\n',
    );
  });

  test('rollout history and events print with go-template as well', () => {
    const { c, ds } = scene();
    expect(run(c, `kubectl rollout history ds/agent -o go-template='{{.revision}}${NEWLINE}'`).stdout).toBe('1\n2\n');
    put(c, event(ds, 'SuccessfulCreate', 'Created pod: agent-4x7kq'));
    expect(run(c, `kubectl events -o go-template='{{range .items}}{{.reason}}: {{.message}}${NEWLINE}{{end}}'`).stdout).toBe(
      'SuccessfulCreate: Created pod: agent-4x7kq\n',
    );
  });
});
