/**
 * `everynode` command-line entry: dispatches sub-commands.
 *   everynode run FILE|- [--json] [--seed N]   run a session script against a fresh cluster
 *   everynode lessons check [DIR]              validate and prove lesson folders
 */
import { registerAllParts } from '../kubectl/parts/all.js';
import { lessonsCommand } from './lessons.js';
import { runCommand } from './run.js';

const USAGE = `usage: everynode run FILE|- [--json] [--seed N]
       everynode lessons check [DIR]
  run              run a session script (kubectl and sim lines) against a fresh, empty cluster
  lessons check    validate and prove every lesson folder under DIR (default: lessons)
`;

export async function main(argv: readonly string[]): Promise<number> {
  // The command line has every verb at once (the page's worker loads parts on demand).
  registerAllParts();
  const [sub, ...rest] = argv;
  if (sub === 'run') return runCommand(rest);
  if (sub === 'lessons') return lessonsCommand(rest);
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    process.stdout.write(USAGE);
    return sub === undefined ? 2 : 0;
  }
  process.stderr.write(`everynode: unknown command "${sub}"\n${USAGE}`);
  return 2;
}
