/**
 * `kubectl run`'s refusals: kubectl's own errors, in its order, and what the playground refuses
 * because it cannot do it (an attach, a Service). None of them changes the cluster.
 *
 * The texts were read from kubectl 1.32, with two differences of that build: it prints cobra's
 * flag errors with `Error:` and its missing required flag through klog; the playground writes
 * both as v1.34's `error: ...`, as for every other verb.
 */
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../src/sim/index.js';
import { exec } from '../../../src/kubectl/exec.js';
import { expectUnchanged } from './mutating-fixture.js';

const USAGE = "\nSee 'kubectl run -h' for help and examples";
const FLAG_USAGE = "\nSee 'kubectl run --help' for usage.";

/** Each line with the stderr kubectl 1.32 prints for it (exit code 1, nothing on stdout). */
const KUBECTL_ERRORS: readonly (readonly [string, string])[] = [
  ['kubectl run', 'error: required flag(s) "image" not set'],
  ['kubectl run web', 'error: required flag(s) "image" not set'],
  ['kubectl run -- web --image=nginx', 'error: required flag(s) "image" not set'],
  ['kubectl run web --image=nginx --bogus', `error: unknown flag: --bogus${FLAG_USAGE}`],
  ['kubectl run web --image=nginx --grace-period=x', `error: invalid argument "x" for "--grace-period" flag: strconv.ParseInt: parsing "x": invalid syntax${FLAG_USAGE}`],
  ['kubectl run web --image=nginx --timeout=x', `error: invalid argument "x" for "--timeout" flag: time: invalid duration "x"${FLAG_USAGE}`],
  ['kubectl run web --image=nginx --pod-running-timeout=x', `error: invalid argument "x" for "--pod-running-timeout" flag: time: invalid duration "x"${FLAG_USAGE}`],
  ['kubectl run web --image=nginx --dry-run=x', 'error: Invalid dry-run value (x). Must be "none", "server", or "client".'],
  [
    'kubectl run web --image=nginx -o wide',
    'error: unable to match a printer suitable for the output format "wide", allowed formats are: ' +
      'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml',
  ],
  ['kubectl run web --image=nginx --cascade=x', 'error: invalid cascade value (x). Must be "background", "foreground", or "orphan"'],
  ['kubectl run --image=nginx', `error: NAME is required for run${USAGE}`],
  ['kubectl run --image=nginx --', `error: NAME is required for run${USAGE}`],
  ['kubectl run web --image=nginx --pod-running-timeout=0', `error: --pod-running-timeout must be higher than zero${USAGE}`],
  ['kubectl run web --image=', 'error: --image is required'],
  ['kubectl run web --image=NGINX', 'error: Invalid image name "NGINX": invalid reference format'],
  ["kubectl run web --image='nginx latest'", 'error: Invalid image name "nginx latest": invalid reference format'],
  ['kubectl run web --image=nginx -t', `error: -i/--stdin is required for containers with -t/--tty=true${USAGE}`],
  ['kubectl run web --image=nginx --expose', `error: --port must be set when exposing a service${USAGE}`],
  ['kubectl run web --image=nginx --restart=never', `error: invalid restart policy: never${USAGE}`],
  ['kubectl run web --image=nginx --rm', `error: --rm should only be used for attached containers${USAGE}`],
  ['kubectl run web --image=nginx --attach --dry-run=client', `error: --dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)${USAGE}`],
  ['kubectl run web --image=nginx -it --rm --dry-run=server', `error: --dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)${USAGE}`],
  ['kubectl run web --image=nginx --image-pull-policy=always', `error: invalid image pull policy: always${USAGE}`],
  ["kubectl run '' --image=nginx", 'error: Parameter: name is required'],
  ['kubectl run web --image=nginx --env=1A=b', 'error: invalid env: 1A=b'],
  ['kubectl run web --image=nginx --env=A', 'error: invalid env: A'],
  ['kubectl run web --image=nginx --env=..x=1', 'error: invalid env: ..x=1'],
  ['kubectl run web --image=nginx --annotations=a --annotations==b', 'error: invalid annotations format: a, =b'],
  ['kubectl run web --image=nginx --labels=a', 'error: unexpected label spec: a'],
  ['kubectl run web --image=nginx --labels=a=b=c', 'error: unexpected label spec: a=b=c'],
  ['kubectl run web --image=nginx --labels==b', 'error: unexpected empty label key'],
  ['kubectl run web --image=nginx --port=abc', 'error: strconv.Atoi: parsing "abc": invalid syntax'],
  ['kubectl run web --image=nginx --port=0x50', 'error: strconv.Atoi: parsing "0x50": invalid syntax'],
  ['kubectl run web --image=nginx --port=99999999999999999999', 'error: strconv.Atoi: parsing "99999999999999999999": value out of range'],
];

describe('kubectl run: kubectl\'s errors, in its order', () => {
  it.each(KUBECTL_ERRORS)('%s', (line, stderr) => {
    const c = createCluster();
    exec(c, 'sim node add node-1');
    expectUnchanged(c, () => expect(exec(c, line)).toEqual({ exitCode: 1, stdout: '', stderr: `${stderr}\n` }));
  });

  it('checks in kubectl\'s order: the printer before NAME, NAME before the image, the image before the generator', () => {
    expect(exec(createCluster(), 'kubectl run -o wide --image=nginx').stderr).toMatch(/^error: unable to match a printer/);
    expect(exec(createCluster(), 'kubectl run --image=NGINX').stderr).toBe(`error: NAME is required for run${USAGE}\n`);
    expect(exec(createCluster(), 'kubectl run web --image=NGINX --env=1A').stderr).toBe('error: Invalid image name "NGINX": invalid reference format\n');
  });

  it('accepts a full reference: registry with port, path, tag and digest', () => {
    // Read from kubectl 1.32.
    const image = 'registry.example:5000/team/app:1.0@sha256:0123456789abcdef0123456789abcdef';
    expect(exec(createCluster(), `kubectl run web --image=${image} --dry-run=client -o name`).stdout).toBe('pod/web\n');
  });

  it('a boolean --cascade is deprecated: warned about, then the pod is made', () => {
    // Read from kubectl 1.32.
    const warning = 'warning: --cascade=true is deprecated (boolean value) and can be replaced with --cascade=background.\n';
    expect(exec(createCluster(), 'kubectl run web --image=nginx --cascade=true --dry-run=client')).toEqual({
      exitCode: 0,
      stdout: 'pod/web created (dry run)\n',
      stderr: warning,
      output: [
        { stream: 'stderr', text: warning },
        { stream: 'stdout', text: 'pod/web created (dry run)\n' },
      ],
    });
  });
});

describe('kubectl run: what the playground cannot do', () => {
  const ATTACH_WHY = 'they attach to the container\'s process, and the simulated containers run no processes; "kubectl logs POD" and "kubectl describe pod POD" show what the kubelet did.';

  it('refuses an attach, naming the flags that ask for it, once kubectl\'s own checks pass', () => {
    const c = createCluster();
    exec(c, 'sim node add node-1');
    expectUnchanged(c, () => {
      expect(exec(c, 'kubectl run -it tmp --image=busybox --rm --restart=Never -- sh')).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: `error: -i/--stdin, -t/--tty and --rm are not available in this playground: ${ATTACH_WHY} Leave them out to create the pod.\n`,
      });
      const alone = ATTACH_WHY.replace('they attach', 'it attaches');
      expect(exec(c, 'kubectl run tmp --image=busybox --attach').stderr).toBe(`error: --attach is not available in this playground: ${alone} Leave it out to create the pod.\n`);
      expect(exec(c, 'kubectl run tmp --image=busybox -i').stderr).toMatch(/^error: -i\/--stdin is not available in this playground: /);
      // kubectl's own error comes first.
      expect(exec(c, 'kubectl run -it tmp --image=busybox --env=1A -- sh').stderr).toBe('error: invalid env: 1A\n');
    });
  });

  it('refuses --expose: Services are not modelled', () => {
    const c = createCluster();
    expectUnchanged(c, () => {
      expect(exec(c, 'kubectl run web --image=nginx --expose --port=80').stderr).toBe(
        'error: --expose is not available in this playground: Services are not modelled. Leave it out to create the pod alone.\n',
      );
    });
  });

  it('the flags only --rm uses are checked and otherwise change nothing', () => {
    const c = createCluster();
    const r = exec(c, 'kubectl run web --image=nginx --wait --force --grace-period=0 --timeout=5s --cascade=orphan -q -f ignored.yaml');
    expect(r).toEqual({ exitCode: 0, stdout: 'pod/web created\n', stderr: '' });
  });
});
