/**
 * Behaviour scenarios: one folder per upstream behaviour, each a session script plus the outputs a
 * real cluster gives for it (`scenario.yaml`). Every scenario names the upstream test or function
 * it follows. The runner executes the script on a fresh cluster exactly as `everynode run` does
 * and checks each expectation against the named command's result.
 *
 * scenario.yaml:
 *   title: what the behaviour is
 *   follows: upstream test or function (file and name)
 *   # Met in lesson L5.   (a comment: the lessons that rely on the behaviour, and notes)
 *   script: |            the session script
 *   expect:
 *     - command: <exact command text>   (the first command with that text; `occurrence: N` for the Nth)
 *       exitCode: 0                     (default 0)
 *       stdout: exact text | stdoutMatches: regex | stdoutContains: text | stdoutNot: regex
 *       stderr: exact text | stderrMatches: regex | stderrContains: text
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { nodeFieldDocs } from '../../src/cli/field-docs.js';
import { runScript, type CommandResult } from '../../src/kubectl/session.js';

interface Expectation {
  command: string;
  occurrence?: number;
  exitCode?: number;
  stdout?: string;
  stdoutMatches?: string;
  stdoutContains?: string;
  stdoutNot?: string;
  stderr?: string;
  stderrMatches?: string;
  stderrContains?: string;
}

interface Scenario {
  title: string;
  follows: string;
  script: string;
  expect: Expectation[];
}

const DIR = __dirname;

export function loadScenarios(): { name: string; scenario: Scenario }[] {
  return readdirSync(DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(DIR, d.name, 'scenario.yaml')))
    .map((d) => ({ name: d.name, scenario: parse(readFileSync(join(DIR, d.name, 'scenario.yaml'), 'utf8')) as Scenario }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function findResult(results: readonly CommandResult[], e: Expectation): CommandResult | undefined {
  const matching = results.filter((r) => r.command === e.command);
  return matching[(e.occurrence ?? 1) - 1];
}

const scenarios = loadScenarios();

describe('behaviour scenarios', () => {
  it('every scenario names the upstream behaviour it follows and expects something', () => {
    for (const { name, scenario } of scenarios) {
      expect(scenario.title, name).toBeTruthy();
      expect(scenario.follows, name).toBeTruthy();
      expect(scenario.expect?.length ?? 0, name).toBeGreaterThan(0);
    }
  });

  for (const { name, scenario } of scenarios) {
    it(`${name}: ${scenario.title}`, () => {
      const out = runScript(scenario.script, { fieldDocs: nodeFieldDocs });
      if ('error' in out) throw new Error(`script line ${out.line}: ${out.error}`);
      for (const e of scenario.expect) {
        const r = findResult(out.results, e);
        const label = `${name}: \`${e.command}\`${e.occurrence ? ` (#${e.occurrence})` : ''}`;
        expect(r, `${label} is not in the script`).toBeDefined();
        if (!r) continue;
        expect(r.exitCode, `${label} exit code (stderr: ${r.stderr})`).toBe(e.exitCode ?? 0);
        if (e.stdout !== undefined) expect(r.stdout, label).toBe(e.stdout);
        if (e.stdoutMatches !== undefined) expect(r.stdout, label).toMatch(new RegExp(e.stdoutMatches, 'm'));
        if (e.stdoutContains !== undefined) expect(r.stdout, label).toContain(e.stdoutContains);
        if (e.stdoutNot !== undefined) expect(r.stdout, label).not.toMatch(new RegExp(e.stdoutNot, 'm'));
        if (e.stderr !== undefined) expect(r.stderr, label).toBe(e.stderr);
        if (e.stderrMatches !== undefined) expect(r.stderr, label).toMatch(new RegExp(e.stderrMatches, 'm'));
        if (e.stderrContains !== undefined) expect(r.stderr, label).toContain(e.stderrContains);
      }
    });
  }
});
