/**
 * exec runs the verbs registered so far: one whose part a host has not loaded is refused with a
 * clear message and changes nothing; the same line runs once the part is registered.
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../src/kubectl/exec.js';
import { HELP_PART } from '../../src/kubectl/parts/help.js';
import { INSPECT_PART } from '../../src/kubectl/parts/inspect.js';
import { VerbRegistry } from '../../src/kubectl/verb-registry.js';
import { createCluster } from '../../src/sim/index.js';

describe('exec with the verbs registered so far', () => {
  it('runs the sim verbs of the start and refuses a verb of a part not loaded, changing nothing', () => {
    const verbs = new VerbRegistry();
    const c = createCluster();
    expect(exec(c, 'sim node add node-1', undefined, { verbs }).exitCode).toBe(0);
    const before = JSON.stringify(c.snapshot());
    const r = exec(c, 'kubectl -n default describe node node-1', undefined, { verbs });
    expect(r).toEqual({ exitCode: 1, stdout: '', stderr: expect.stringContaining('"kubectl describe" is not available yet: this page could not load its inspect part') });
    expect(JSON.stringify(c.snapshot())).toBe(before);
    expect(exec(c, 'kubectl get nodes | grep node', undefined, { verbs }).stderr).toContain('"kubectl get" is not available yet');
    expect(exec(c, 'sim why node-1', undefined, { verbs }).stderr).toContain('its why part');
  });

  it('refuses help without the help part, and still suggests every verb for a typo', () => {
    const verbs = new VerbRegistry();
    const c = createCluster();
    expect(exec(c, 'kubectl get -h', undefined, { verbs }).stderr).toContain('"kubectl get" is not available yet: this page could not load its help part');
    expect(exec(c, 'help', undefined, { verbs }).stderr).toContain('"help" is not available yet');
    const typo = exec(c, 'kubectl descibe node', undefined, { verbs });
    expect(typo.exitCode).toBe(1);
    expect(typo.stderr).toContain('unknown command "descibe" for "kubectl"\n\nDid you mean this?\n\tdescribe\n');
  });

  it('runs the same lines once their parts are registered, as with every verb', () => {
    const verbs = new VerbRegistry();
    const c = createCluster();
    exec(c, 'sim node add node-1', undefined, { verbs });
    verbs.register(INSPECT_PART);
    verbs.register(HELP_PART);
    expect(verbs.has('inspect')).toBe(true);
    expect(verbs.has('kubectl')).toBe(false);
    const line = 'kubectl describe node node-1';
    expect(exec(c, line, undefined, { verbs })).toEqual(exec(c, line));
    expect(exec(c, 'kubectl get -h', undefined, { verbs })).toEqual(exec(c, 'kubectl get -h'));
  });
});
