/**
 * Which parts (parts/part.ts) a script needs before it runs: a host that loads parts on demand
 * (the page's engine worker) loads them first, so `exec` stays synchronous. Reads each command as
 * `exec` does: each kubectl or sim stage of its pipeline (filters are always there), kubectl's namespace flags
 * moved after the verb, the help words. An unknown program or verb needs no part (exec answers
 * it from the start); neither does a script that does not parse (nothing of it runs).
 */
import { mayAskForHelp, namespaceFlagsAfterVerb } from './command-words.js';
import { PART_OF_VERB, type PartName } from './parts/part.js';
import { parseScript } from './script.js';
import { splitPipeline } from './shell-words.js';

/** The parts `script` (script text, or command lines one by one as a log holds them) needs, in a stable order. */
export function chunksFor(script: string | readonly string[]): PartName[] {
  let lines: readonly string[];
  if (typeof script === 'string') {
    const parsed = parseScript(script);
    if ('error' in parsed) return [];
    lines = parsed.commands.map((c) => c.text);
  } else lines = script;
  const parts = new Set<PartName>();
  for (const line of lines) for (const part of partsOfLine(line)) parts.add(part);
  return [...parts].sort();
}

/** The parts `words` (one command, program first, as `exec` reads it) need. */
export function partsOfCommand(words: readonly string[]): PartName[] {
  const [program, verb] = words;
  const parts: PartName[] = mayAskForHelp(words) ? ['help'] : [];
  const table = program === 'kubectl' || program === 'sim' ? PART_OF_VERB[program] : undefined;
  if (table && verb !== undefined && Object.hasOwn(table, verb)) parts.push(table[verb]!);
  return parts;
}

/** The parts of every command of the line's pipeline (a kubectl stage may read the output of another). */
function partsOfLine(line: string): PartName[] {
  const pipeline = splitPipeline(line);
  if ('error' in pipeline) return [];
  return pipeline.stages.flatMap(({ words }) => partsOfCommand(words[0] === 'kubectl' ? namespaceFlagsAfterVerb(words) : words));
}
