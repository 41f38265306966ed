import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { bootstrap } from '../../../src/sim/engine/bootstrap.js';
import { Cluster } from '../../../src/sim/engine/cluster.js';
import { nodeControllers } from '../../../src/sim/controllers/kubelet/nodecontrollers.js';
import type { Kubelet } from '../../../src/sim/controllers/kubelet/kubelet.js';

function cluster(): Cluster {
  const c = new Cluster({ seed: 1, controllers: () => nodeControllers() });
  bootstrap(c);
  return c;
}

describe('sim image', () => {
  it('sets behaviours and lists them', () => {
    const c = cluster();
    expect(exec(c, 'sim image')).toEqual({ exitCode: 0, stdout: 'no image behaviours set: every image pulls, starts and passes readiness\n', stderr: '' });
    expect(exec(c, 'sim image registry.example/log-agent:1.1 --behaviour crash').stdout).toBe('image registry.example/log-agent:1.1: crash (exits with code 1 3s after each start)\n');
    expect(exec(c, 'sim image company/security-agent:v2.6.0 --behaviour crash --after 20s').stdout).toBe('image company/security-agent:v2.6.0: crash (exits with code 1 20s after each start)\n');
    expect(exec(c, 'sim image nginx --behavior=never-ready').stdout).toBe('image nginx: never-ready (runs but never passes readiness)\n');
    expect(exec(c, 'sim image registry.example/x:2 --behaviour pull-error').stdout).toBe('image registry.example/x:2: pull-error (the registry answers "not found": ErrImagePull, then ImagePullBackOff)\n');
    expect(c.controller<Kubelet>('kubelet')!.imageBehaviours()).toEqual({
      'registry.example/log-agent:1.1': { behaviour: 'crash' },
      'docker.io/company/security-agent:v2.6.0': { behaviour: 'crash', afterMs: 20_000 },
      'docker.io/library/nginx:latest': { behaviour: 'never-ready' },
      'registry.example/x:2': { behaviour: 'pull-error' },
    });
    expect(exec(c, 'sim image').stdout).toContain('docker.io/company/security-agent:v2.6.0: crash (exits with code 1 20s after each start)\n');
    expect(exec(c, 'sim image registry.example/x:2 --behaviour ok').stdout).toBe('image registry.example/x:2: ok (pulls, starts and passes readiness)\n');
    expect(Object.keys(c.controller<Kubelet>('kubelet')!.imageBehaviours())).not.toContain('registry.example/x:2');
  });

  it('names the bad flag or value and changes nothing', () => {
    const c = cluster();
    const bad: [string, string][] = [
      ['sim image a:1', 'error: --behaviour is required: ok, pull-error, crash, never-ready\n'],
      ['sim image a:1 --behaviour explode', 'error: invalid --behaviour "explode": use ok, pull-error, crash, never-ready\n'],
      ['sim image a:1 --behaviour ok --after 5s', 'error: --after only applies to --behaviour crash (got --behaviour ok)\n'],
      ['sim image a:1 --behaviour crash --after soon', 'error: invalid --after "soon": time: invalid duration "soon"\n'],
      ['sim image a:1 --behaviour crash --after 0s', 'error: invalid --after "0s": must be longer than 0s\n'],
      ['sim image Bad/Name --behaviour crash', 'error: invalid image reference "Bad/Name"\n'],
      ['sim image a:1 b:1 --behaviour crash', 'error: sim image needs one image, e.g. "sim image registry.example/agent:1.1 --behaviour crash"\n'],
      ['sim image a:1 --behaviour crash --colour red', "error: unknown flag: --colour\nSee 'sim image --help' for usage.\n"],
    ];
    for (const [line, err] of bad) expect(exec(c, line), line).toEqual({ exitCode: 1, stdout: '', stderr: err });
    expect(c.controller<Kubelet>('kubelet')!.imageBehaviours()).toEqual({});
  });

  it('drives the kubelet: a crash image crash-loops on a node', () => {
    const c = cluster();
    exec(c, 'sim node add node-1');
    exec(c, 'sim image registry.example/bad:1 --behaviour crash');
    c.api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { nodeName: 'node-1', containers: [{ name: 'c', image: 'registry.example/bad:1' }] } });
    exec(c, 'sim advance 2m');
    const cs = c.api.get('Pod', 'default', 'p')!.status.containerStatuses![0]!;
    expect(cs.restartCount).toBeGreaterThanOrEqual(3);
    expect(exec(c, 'sim settle --timeout 1m').exitCode).toBe(1); // crash loops never settle
  });
});
