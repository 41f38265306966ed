/**
 * `everynode run FILE|- [--json] [--seed N]`: reads a session script, runs it against a fresh
 * empty cluster and prints a transcript (`$ command` then its output, standard output and error
 * interleaved as the command wrote them) or, with --json, a JSON array of
 * `{command, exitCode, stdout, stderr}`. Exits 0 even when commands fail (like a
 * learner's terminal); exits 2 only when the script cannot be read or parsed.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { runScript } from '../kubectl/session.js';
import { nodeFieldDocs } from './field-docs.js';

export async function runCommand(argv: readonly string[]): Promise<number> {
  let file: string | undefined;
  let json = false;
  let seed: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--seed' || a.startsWith('--seed=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined || !/^\d+$/.test(v)) {
        process.stderr.write(`everynode run: --seed needs a non-negative integer, got ${JSON.stringify(v ?? '')}\n`);
        return 2;
      }
      seed = Number(v);
    } else if (file === undefined) file = a;
    else {
      process.stderr.write(`everynode run: unexpected argument "${a}"\n`);
      return 2;
    }
  }
  if (file === undefined) {
    process.stderr.write('usage: everynode run FILE|- [--json] [--seed N]\n');
    return 2;
  }
  let text: string;
  try {
    text = file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8');
  } catch (e) {
    process.stderr.write(`everynode run: cannot read ${file}: ${(e as Error).message}\n`);
    return 2;
  }
  // `kubectl apply -f NAME` reads NAME next to the script (or from the working directory).
  const base = file === '-' ? process.cwd() : dirname(resolve(file));
  const readFile = (path: string): string | undefined => {
    const full = resolve(base, path);
    return existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : undefined;
  };
  const out = runScript(text, { readFile, fieldDocs: nodeFieldDocs, ...(seed === undefined ? {} : { seed }) });
  if ('error' in out) {
    process.stderr.write(`${file === '-' ? 'stdin' : file}:${out.line}: ${out.error}\n`);
    return 2;
  }
  if (json) {
    const results = out.results.map(({ command, exitCode, stdout, stderr }) => ({ command, exitCode, stdout, stderr }));
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  } else {
    for (const r of out.results) {
      process.stdout.write(`$ ${r.command}\n${r.output.map((c) => c.text).join('')}`);
    }
  }
  return 0;
}
