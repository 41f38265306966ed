/**
 * The layer rules of docs/architecture.md, enforced. Imports point down only:
 * ui -> view, machines -> tutorial -> kubectl -> manifest -> sim; sim imports nothing outside
 * itself and uses no wall clock, no Math.random, no timers and no DOM.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, dirname, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const SRC = join(ROOT, 'src');

/** Which top-level src folders each layer may import from (besides itself). */
const ALLOWED: Record<string, readonly string[]> = {
  sim: [],
  manifest: ['sim'],
  kubectl: ['manifest', 'sim'],
  tutorial: ['kubectl', 'manifest', 'sim'],
  machines: ['tutorial', 'kubectl', 'manifest', 'sim'],
  view: ['tutorial', 'kubectl', 'manifest', 'sim'],
  ui: ['view', 'machines', 'tutorial', 'kubectl', 'manifest', 'sim'],
  embed: ['ui', 'view', 'machines', 'tutorial', 'kubectl', 'manifest', 'sim'],
  cli: ['tutorial', 'kubectl', 'manifest', 'sim'],
};

/** Packages each layer may import. sim may use xstate only for machine definitions. */
const PACKAGES: Record<string, readonly string[]> = {
  sim: ['xstate'],
  manifest: ['yaml'],
  kubectl: ['yaml'],
  tutorial: ['yaml', 'marked'],
  machines: ['xstate'],
  view: ['d3-selection', 'd3-transition', 'd3-scale', 'd3-ease', 'd3-zoom', 'd3-quadtree'],
  // virtual:everynode/field-docs and virtual:everynode/landing-frame: the build-time data modules of
  // build/field-docs-plugin.ts and build/landing-frame-plugin.ts
  ui: ['svelte', 'monaco-editor', 'monaco-yaml', 'xstate', 'd3-selection', 'd3-transition', 'd3-scale', 'd3-ease', 'd3-zoom', 'd3-quadtree', 'virtual:everynode/field-docs', 'virtual:everynode/landing-frame', 'marked', 'dompurify', 'fflate'],
  embed: ['svelte'],
  cli: ['node:', 'tsx'],
};

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(ts|svelte)$/.test(name)) out.push(p);
  }
  return out;
}

function layerOf(file: string): string {
  return relative(SRC, file).split(sep)[0]!;
}

function importsOf(text: string): string[] {
  const out: string[] = [];
  const re = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push((m[1] ?? m[2] ?? m[3])!);
  return out;
}

/** Strips comments so doc comments may name the banned globals they avoid. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const sources = files(SRC);

describe('layer rules (docs/architecture.md)', () => {
  it('finds the source tree and the imports in it', () => {
    expect(sources.some((f) => layerOf(f) === 'sim')).toBe(true);
    const sample = "import type { A } from '../kubectl/a.js';\nexport { b } from './b.js';\nconst m = import('d3-selection');\nimport 'x';";
    expect(importsOf(sample).sort()).toEqual(['../kubectl/a.js', './b.js', 'd3-selection', 'x']);
    expect(code('// Date.now() is banned\n/* Math.random() */ const x = 1;')).not.toMatch(/Date\.now|Math\.random/);
  });

  it('imports point down only', () => {
    const violations: string[] = [];
    for (const file of sources) {
      const layer = layerOf(file);
      const allowed = ALLOWED[layer];
      if (!allowed) {
        violations.push(`${relative(ROOT, file)}: src/${layer} is not a layer of docs/architecture.md`);
        continue;
      }
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        if (spec.startsWith('.')) {
          const target = resolve(dirname(file), spec);
          if (!target.startsWith(SRC + sep)) {
            violations.push(`${relative(ROOT, file)} imports ${spec}: outside src/`);
            continue;
          }
          const to = layerOf(target);
          if (to !== layer && !allowed.includes(to)) {
            violations.push(`${relative(ROOT, file)} imports ${spec}: src/${layer} may not import src/${to} (imports point down: ui -> view, machines -> tutorial -> kubectl -> manifest -> sim)`);
          }
        } else {
          const pkgs = PACKAGES[layer] ?? [];
          if (!pkgs.some((p) => spec === p || spec.startsWith(p.endsWith(':') ? p : `${p}/`))) {
            violations.push(`${relative(ROOT, file)} imports package "${spec}": src/${layer} may only import ${pkgs.join(', ') || 'nothing outside itself'}`);
          }
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('src/sim is pure and deterministic: no wall clock, randomness, timers, DOM or actors', () => {
    const banned: [RegExp, string][] = [
      [/\bDate\.now\s*\(/, 'Date.now(): time comes from the virtual clock'],
      [/\bnew Date\s*\(\s*\)/, 'new Date(): time comes from the virtual clock'],
      [/\bMath\.random\s*\(/, 'Math.random(): randomness comes from the seeded RNG'],
      [/\bperformance\.now\s*\(/, 'performance.now(): time comes from the virtual clock'],
      [/\b(setTimeout|setInterval|setImmediate|requestAnimationFrame|queueMicrotask)\s*\(/, 'timers: delays are virtual-clock timers'],
      [/\b(document|window|localStorage|navigator)\./, 'the DOM: src/sim runs in a Web Worker and in Node'],
      [
        /import\s*\{[^}]*\b(createActor|interpret|transition|initialTransition|getNextSnapshot)\b[^}]*\}\s*from\s*['"]xstate['"]/,
        "xstate actors or transition(): a pure transition() builds a throwaway actor; derive a transition table from the definition (src/sim/machines/table.ts)",
      ],
      [/\bprocess\.|\brequire\s*\(/, 'Node APIs: src/sim runs unchanged in a browser Web Worker'],
    ];
    const violations: string[] = [];
    for (const file of sources.filter((f) => ['sim', 'manifest', 'kubectl', 'tutorial'].includes(layerOf(f)))) {
      const text = code(readFileSync(file, 'utf8'));
      for (const [re, why] of banned) {
        if (layerOf(file) !== 'sim' && !/Date\.now|new Date|Math\.random|performance|process|require/.test(re.source)) continue;
        if (re.test(text)) violations.push(`${relative(ROOT, file)}: ${why}`);
      }
    }
    expect(violations).toEqual([]);
  });
});
