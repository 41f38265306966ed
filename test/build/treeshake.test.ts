/**
 * The build treats the TypeScript modules of the pure layers as free of import side effects
 * (build/treeshake.ts). That holds only while none of them acts at its top level (a statement
 * other than a declaration) and nothing imports one of them just for its effect: the bundles
 * would drop such code without a word.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { treeshake } from '../../build/treeshake.js';

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|svelte)$/.test(e.name) ? [join(dir, e.name)] : []));

describe('tree-shaking of the project modules', () => {
  it('treats the pure layers as pure, the page, styles, components and packages as they declare', () => {
    expect(treeshake.moduleSideEffects('/repo/src/kubectl/exec.ts')).toBe(false);
    expect(treeshake.moduleSideEffects('C:\\repo\\src\\sim\\index.ts')).toBe(false);
    expect(treeshake.moduleSideEffects('/repo/src/ui/editor/monaco/monaco.ts')).toBe(true);
    expect(treeshake.moduleSideEffects('/repo/src/ui/theme.css')).toBe(true);
    expect(treeshake.moduleSideEffects('/repo/src/ui/App.svelte')).toBe(true);
    expect(treeshake.moduleSideEffects('/repo/node_modules/d3-transition/src/index.js')).toBe(true);
  });

  it('finds no statement but declarations at the top level of a pure module', () => {
    const pure = ['sim', 'manifest', 'kubectl', 'tutorial', 'view', 'machines'].flatMap((layer) => sources(join('src', layer)));
    expect(pure.length).toBeGreaterThan(100);
    const acting = pure.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => `${file}:${i + 1}: ${line}`)
        .filter((l) => /^[^:]+:\d+: [A-Za-z_$(]/.test(l) && !/: (export|import|const|let|var|function|class|type|interface|async|declare|enum|abstract)\b/.test(l)),
    );
    expect(acting).toEqual([]);
  });

  it('finds no import of a project module for its side effects alone', () => {
    const bare = sources('src').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^\s*import\s+['"](\.[^'"]*)['"]/gm)].map((m) => `${file}: ${m[1]}`).filter((line) => !/\.css$/.test(line)),
    );
    expect(bare).toEqual([]);
  });
});
