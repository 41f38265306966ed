/**
 * Scripts inside lesson.yaml (setup, a step's run and solution): parsed by the project's own
 * script parser (kubectl/script.ts), with each parse error moved to its line in lesson.yaml.
 * Every file a command reads (`kubectl ... -f NAME`, `cat NAME`, in any stage of a pipeline) must
 * be a file of the lesson folder (start/ or solution/); anything else is a dangling reference,
 * reported at the command.
 */
import { parseScript } from '../kubectl/script.js';
import { splitPipeline } from '../kubectl/shell-words.js';
import type { LessonScript } from './model.js';
import type { Located, Scalar, YamlSource } from './yaml-reader.js';

export function readScript(src: YamlSource, s: Located<string>, what: string, files: ReadonlySet<string>): LessonScript | undefined {
  const node = s.node as Scalar;
  const lineStart = (line: number): number => {
    let idx = 0;
    for (let l = 1; l < line; l++) idx = s.value.indexOf('\n', idx) + 1;
    return src.offsetIn(node, idx);
  };
  const parsed = parseScript(s.value);
  if ('error' in parsed) {
    src.errorAt(lineStart(parsed.line), `${what}: ${parsed.error.replace(/^line \d+: /, '')}`);
    return undefined;
  }
  let ok = true;
  const commands = parsed.commands.map((c) => {
    const fileLine = src.position(lineStart(c.line)).line;
    for (const f of filesRead(c.text)) {
      if (f !== '-' && !files.has(f)) {
        src.errorAt(lineStart(c.line), `${what}: "${c.text}" reads ${f}, which is not a file of this lesson (${[...files].sort().join(', ') || 'it has none'})`);
        ok = false;
      }
    }
    return { ...c, fileLine };
  });
  return ok ? { text: s.value, commands } : undefined;
}

/** The files a command line reads: the `-f`/`--filename` values of its kubectl stages and the operands of its cat stages. */
export function filesRead(line: string): string[] {
  const pipeline = splitPipeline(line);
  if ('error' in pipeline) return [];
  return pipeline.stages.flatMap(({ words }) => (words[0] === 'kubectl' ? filenameFlags(words) : words[0] === 'cat' ? catOperands(words) : []));
}

/** The `-f`/`--filename` values of a kubectl command's words. */
function filenameFlags(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if ((w === '-f' || w === '--filename') && words[i + 1] !== undefined) out.push(words[++i]!);
    else if (w.startsWith('--filename=')) out.push(w.slice('--filename='.length));
    else if (w.startsWith('-f') && w.length > 2 && !w.startsWith('--')) out.push(w.slice(2).replace(/^=/, ''));
  }
  return out;
}

/** The FILE operands of a cat command's words (GNU's: every word after `--`, and each other word not an option; `-` is standard input). */
function catOperands(words: readonly string[]): string[] {
  const dash = words.indexOf('--');
  const before = (dash < 0 ? words : words.slice(0, dash)).slice(1).filter((w) => w === '-' || !w.startsWith('-'));
  return [...before, ...(dash < 0 ? [] : words.slice(dash + 1))];
}
