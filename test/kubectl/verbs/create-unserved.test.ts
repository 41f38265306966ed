/** `kubectl create KIND ...` for kinds the playground does not serve: the API server's NotFound, as each generator wraps it. */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { createCluster } from '../../../src/sim/index.js';

const MODELLED = 'This playground models pods, nodes, namespaces, events, daemonsets, controllerrevisions, priorityclasses ("kubectl api-resources" lists them).\n';
const run = (line: string) => exec(createCluster(), line);

describe('kubectl create for kinds outside the model', () => {
  it('keeps the error each generator prints and names what the playground models', () => {
    expect(run('kubectl create configmap settings --from-literal=a=b')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: `error: failed to create configmap: the server could not find the requested resource\n${MODELLED}`,
    });
    expect(run('kubectl create deploy web --image=nginx').stderr).toBe(`error: failed to create deployment: the server could not find the requested resource\n${MODELLED}`);
    expect(run('kubectl create service nodeport web --tcp=80:8080').stderr).toBe(`error: failed to create NodePort service: the server could not find the requested resource\n${MODELLED}`);
    expect(run('kubectl create role reader --verb=get --resource=pods').stderr).toBe(`Error from server (NotFound): the server could not find the requested resource\n${MODELLED}`);
  });

  it('create priorityclass points at a manifest; create namespace still works', () => {
    expect(run('kubectl create pc high --value=1000').stderr).toContain('"kubectl create priorityclass" is not available in this playground');
    expect(run('kubectl create ns monitoring').stdout).toBe('namespace/monitoring created\n');
  });
});
