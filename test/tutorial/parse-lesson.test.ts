/**
 * A lesson folder is read strictly: unknown keys, wrong types and dangling references are
 * rejected with file:line:column, and nothing about a broken folder ever throws.
 */
import { describe, expect, it } from 'vitest';
import { AGENT, lesson, MD, problems, YAML } from './fixture.js';

describe('parseLesson', () => {
  it('reads a valid folder into plain data', () => {
    const l = lesson();
    expect(l.meta).toMatchObject({ id: 'X1', track: 'tests', minutes: 5, objectives: ['Run an agent on every node.'], prerequisites: [] });
    expect(l.slug).toBe('lesson');
    expect(l.steps.map((s) => [s.id, s.checks, s.line])).toEqual([['apply', ['placed'], 8]]);
    expect(l.setup.commands.map((c) => [c.text, c.fileLine])).toEqual([
      ['sim node add node-1', 4],
      ['sim node add node-2', 5],
      ['sim settle', 6],
    ]);
    expect(l.files.get('start/agent.yaml')).toBe(AGENT);
  });

  it('rejects an unknown key where it is written', () => {
    expect(problems({ 'lesson.yaml': YAML.replace('    title: Apply\n', '    title: Apply\n    titel: typo\n') })).toEqual([
      'lesson.yaml:10:5: step "apply": unknown key "titel"; expected one of: id, title, text, run, solution, checks, callouts',
    ]);
  });

  it('rejects wrong types', () => {
    expect(problems({ 'lesson.yaml': YAML.replace('nodes: {node-1: 1, node-2: 1}', 'nodes: {node-1: one}') })).toEqual([
      'lesson.yaml:19:21: check "placed": "nodes": "node-1" must be an integer >= 0',
    ]);
    expect(problems({ 'lesson.md': MD.replace('minutes: 5', 'minutes: five') })).toEqual(['lesson.md:5:10: front matter: "minutes" must be an integer >= 1']);
  });

  it('rejects a check naming an unknown step, and a step naming an unknown check', () => {
    const yaml = YAML.replace('checks: [placed]', 'checks: [placed, gone]').replace('    hint: Apply it.', '    hint: Apply it.\n  - id: late\n    kind: statusEquals\n    object: daemonset/agent\n    fields: {numberReady: 2}\n    at: end-of-step:nowhere\n    hint: h');
    expect(problems({ 'lesson.yaml': yaml })).toEqual([
      'lesson.yaml:14:22: no check has the id "gone"',
      'lesson.yaml:25:9: no step has the id "nowhere" (steps: apply)',
    ]);
  });

  it('rejects a script that reads a file the folder does not have, at the command', () => {
    expect(problems({ 'lesson.yaml': YAML.replace('      kubectl apply -f start/agent.yaml', '      kubectl apply -f start/agnet.yaml') })).toEqual([
      'lesson.yaml:12:7: step "apply": solution: "kubectl apply -f start/agnet.yaml" reads start/agnet.yaml, which is not a file of this lesson (start/agent.yaml)',
    ]);
  });

  it('checks the files cat reads too, in any stage of a pipeline', () => {
    expect(problems({ 'lesson.yaml': YAML.replace('      kubectl apply -f start/agent.yaml', '      cat -n start/agent.yaml - start/agnet.yaml | kubectl apply -f -') })).toEqual([
      'lesson.yaml:12:7: step "apply": solution: "cat -n start/agent.yaml - start/agnet.yaml | kubectl apply -f -" reads start/agnet.yaml, which is not a file of this lesson (start/agent.yaml)',
    ]);
    expect(problems({ 'lesson.yaml': YAML.replace('      kubectl apply -f start/agent.yaml', '      cat start/agent.yaml | kubectl apply -f -') })).toEqual([]);
  });

  it('positions a script parse error in lesson.yaml', () => {
    expect(problems({ 'lesson.yaml': YAML.replace('  sim node add node-2\n', "  sim node add 'node-2\n") })).toEqual([
      "lesson.yaml:5:3: setup: unexpected end of line while looking for matching `''",
    ]);
  });

  it('reads a graded check\'s title; an empty one, or one on a prediction, is an error', () => {
    expect(lesson({ 'lesson.yaml': YAML.replace('    hint: Apply it.\n', '    hint: Apply it.\n    title: The agent runs on both nodes\n') }).checks[0]!.title).toBe('The agent runs on both nodes');
    expect(lesson().checks[0]!.title).toBeUndefined();
    expect(problems({ 'lesson.yaml': YAML.replace('    hint: Apply it.\n', "    hint: Apply it.\n    title: ' '\n") })).toEqual([
      'lesson.yaml:21:12: check "placed": "title" is empty; leave it out to show what the check wants in generated words',
    ]);
    expect(problems({ 'lesson.yaml': YAML.replace('    hint: Apply it.\n', '    hint: Apply it.\n    title: [a]\n') })).toEqual(['lesson.yaml:21:12: check "placed": "title" must be a string']);
  });

  it('requires a hint on every graded check and an answer among the hints', () => {
    expect(problems({ 'lesson.yaml': YAML.replace('    hint: Apply it.\n', '').replace('level: answer', 'level: nudge') })).toEqual([
      'lesson.yaml:16:5: check "placed": "hint" is required',
      'lesson.yaml:21:3: lesson.yaml: give at least one hint of level answer',
    ]);
  });

  it('rejects duplicate step and check ids', () => {
    const yaml = YAML.replace('checks:\n  - id: placed', 'checks:\n  - id: placed\n    kind: noPodOn\n    selector: app=agent\n    node: node-9\n    hint: h\n  - id: placed');
    expect(problems({ 'lesson.yaml': yaml })).toContain('lesson.yaml:21:9: check "placed": another check has this id');
  });

  it('rejects files that are not part of a lesson folder, and missing ones', () => {
    expect(problems({ 'starts/agent.yaml': AGENT })).toContain('starts/agent.yaml:1:1: not part of a lesson folder (lesson.md, lesson.yaml, facilitator.md, start/*.yaml, solution/*.yaml)');
    expect(problems({ 'lesson.md': 'no front matter' })).toEqual([
      'lesson.md:1:1: lesson.md must start with front matter: a "---" line, YAML (id, title, track, ...), and a closing "---" line',
    ]);
  });

  it('holds the track to its folder and a workshop to its time box', () => {
    expect(problems({ 'lesson.md': MD.replace('track: tests', 'track: basics') })).toEqual([
      'lesson.md:2:1: front matter: "track" is "basics" but the lesson sits in 01-tests/ (track "tests")',
    ]);
    expect(problems({ 'lesson.yaml': YAML.replace('kind: lesson', 'kind: workshop') })).toEqual(['lesson.md:2:1: front matter: a workshop needs "timeBox" (minutes)']);
  });

  it('reports YAML syntax errors with their position and never throws on garbage', () => {
    expect(problems({ 'lesson.yaml': 'format: 1\nkind: [lesson\n' })[0]).toMatch(/^lesson\.yaml:\d+:\d+: /);
    for (const junk of ['', '- a\n- b', 'format: 1\nsteps: 3\nchecks: x\nhints: {}', 'checks:\n  - 1\n  - {kind: nope}\n  - {id: a, kind: invariant}']) {
      expect(problems({ 'lesson.yaml': junk }).length).toBeGreaterThan(0);
    }
  });
});
