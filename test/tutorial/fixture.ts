/**
 * Lesson folders for tests, as the host hands them to the runtime: a map of path -> text. The
 * default is a small, valid lesson; tests change one file to see one rule at work.
 */
import { expect } from 'vitest';
import { formatDiagnostic, sortDiagnostics } from '../../src/tutorial/diagnostics.js';
import type { Lesson } from '../../src/tutorial/model.js';
import { parseLesson } from '../../src/tutorial/parse-lesson.js';

export const AGENT = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: { app: agent }
  template:
    metadata:
      labels: { app: agent }
    spec:
      containers:
      - name: agent
        image: registry.example/agent:1.0
`;

export const MD = `---
id: X1
title: A test lesson
track: tests
minutes: 5
objectives: [Run an agent on every node.]
---

Prose.
`;

/** A lesson.yaml's start: the format, and a setup of two Ready nodes. */
export const HEAD = `format: 1
kind: lesson
setup: |
  sim node add node-1
  sim node add node-2
  sim settle
`;

export const YAML = `${HEAD}steps:
  - id: apply
    title: Apply
    text: Apply the agent.
    solution: |
      kubectl apply -f start/agent.yaml
      sim settle
    checks: [placed]
checks:
  - id: placed
    kind: podsOnNodes
    selector: app=agent
    nodes: {node-1: 1, node-2: 1}
    hint: Apply it.
hints:
  - level: answer
    text: kubectl apply -f start/agent.yaml
`;

export function folder(files: Record<string, string> = {}, path = '01-tests/01-lesson'): { path: string; files: Map<string, string> } {
  return { path, files: new Map(Object.entries({ 'lesson.md': MD, 'lesson.yaml': YAML, 'start/agent.yaml': AGENT, ...files })) };
}

/** The diagnostics of a folder, formatted `file:line:column: message`. */
export function problems(files: Record<string, string> = {}): string[] {
  return sortDiagnostics(parseLesson(folder(files)).diagnostics).map((d) => formatDiagnostic(d));
}

/** A folder that must parse. */
export function lesson(files: Record<string, string> = {}): Lesson {
  const parsed = parseLesson(folder(files));
  expect(parsed.diagnostics.map((d) => formatDiagnostic(d))).toEqual([]);
  return parsed.lesson!;
}

/** The default lesson.yaml with its checks replaced (indented two spaces, as list items). */
export function withChecks(checks: string, extra: Record<string, string> = {}): Record<string, string> {
  const yaml = YAML.replace(/checks:\n  - id: placed[\s\S]*?hints:/, `checks:\n${checks.replace(/^\n/, '')}\nhints:`).replace('checks: [placed]', 'checks: []');
  return { 'lesson.yaml': yaml, ...extra };
}
