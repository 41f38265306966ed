/**
 * The checker `everynode lessons check` and the page's own-folder check share: the same report
 * lines for the same tree, positioned problems, and prerequisites that may name lessons outside
 * the tree when the caller knows them.
 */
import { describe, expect, it } from 'vitest';
import { readLessonTree } from '../../src/cli/files.js';
import { checkCatalogue, isLessonFile } from '../../src/tutorial/check-catalogue.js';

function template(edit: (path: string, text: string) => string = (_, t) => t): Map<string, string> {
  return new Map([...readLessonTree('lessons/_template')].map(([p, t]) => [`my-lesson/${p}`, edit(p, t)]));
}

describe('checkCatalogue', () => {
  it('proves a good folder and reports it as the CLI prints it', () => {
    const r = checkCatalogue(template());
    expect(r.lines).toEqual(['ok T1 my-lesson (5 checks)']);
    expect(r.failed).toBe(0);
    expect(r.folders.map((f) => [f.path, f.lesson?.meta.id])).toEqual([['my-lesson', 'T1']]);
  });

  it('names the file, line and column of a problem, and counts the folder failed', () => {
    const r = checkCatalogue(template((p, t) => (p === 'lesson.yaml' ? t.replace('kind: podsOnNodes', 'kind: podsOnNode') : t)));
    expect(r.lines[0]).toMatch(/^my-lesson\/lesson\.yaml:61:11: check "t1-updated": unknown kind "podsOnNode"; the kinds are podsOnNodes,/);
    expect(r.lines.at(-1)).toBe('1 of 1 lesson folders failed');
    expect(r.folders).toEqual([{ path: 'my-lesson' }]);
  });

  it('resolves prerequisites against the known ids of the site as well as the tree', () => {
    const tree = template((p, t) => (p === 'lesson.md' ? t.replace('prerequisites: []', 'prerequisites: [L1]') : t));
    expect(checkCatalogue(tree).lines[0]).toMatch(/^my-lesson\/lesson\.md:\d+:\d+: prerequisite "L1" is not the id of a lesson here/);
    expect(checkCatalogue(tree, { known: ['L1'] }).lines).toEqual(['ok T1 my-lesson (5 checks)']);
  });

  it('proves only the folders under `under`, naming them as `shown` says', () => {
    const tree = new Map([...template(), ...[...template((p, t) => (p === 'lesson.md' ? t.replace('id: T1', 'id: T2') : t))].map(([p, t]) => [p.replace('my-lesson/', 'other/'), t] as const)]);
    expect(checkCatalogue(tree, { under: 'other', shown: (p) => `/abs/${p}` }).lines).toEqual(['ok T2 other (5 checks)']);
  });

  it('reads Markdown and YAML files only, never hidden ones', () => {
    expect(['a/lesson.md', 'a/start/x.yml', 'a/b.yaml'].every(isLessonFile)).toBe(true);
    expect(['a/run.sh', 'a/.x.yaml', '.git/x.md', 'node_modules/y.md'].some(isLessonFile)).toBe(false);
  });
});
