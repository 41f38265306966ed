/**
 * `everynode lessons check` as a process: the one-line verdict per lesson, positioned errors and
 * the exit code an instructor's CI relies on.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = resolve(__dirname, '../../bin/everynode.js');
const TEMPLATE = resolve(__dirname, '../../lessons/_template');

function check(dir: string) {
  const r = spawnSync(process.execPath, [BIN, 'lessons', 'check', dir], { encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function copyOfTemplate(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'everynode-lessons-')), 'my-lesson');
  cpSync(TEMPLATE, dir, { recursive: true });
  return dir;
}

describe('everynode lessons check', () => {
  it('proves a good lesson folder and exits 0', () => {
    const r = check(copyOfTemplate());
    expect(r.stdout).toBe('ok T1 my-lesson (5 checks)\n');
    expect(r.code).toBe(0);
  });

  it('names the file, line and column of each problem and exits 1', () => {
    const dir = copyOfTemplate();
    const file = join(dir, 'lesson.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('kind: podsOnNodes', 'kind: podsOnNode'));
    const r = check(dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${join(dir, 'lesson.yaml')}:61:11: check "t1-updated": unknown kind "podsOnNode"`);
    expect(r.stdout).toContain('1 of 1 lesson folders failed');
  });

  it('refuses a folder without lessons', () => {
    const r = check(mkdtempSync(join(tmpdir(), 'everynode-empty-')));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no lesson folder');
  });
});
