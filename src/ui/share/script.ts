/**
 * "Copy as script": a session log as a session script for the CLI (`npx everynode run FILE
 * --seed N`) that rebuilds the same cluster. A command that read editor files (`kubectl apply -f
 * ds.yaml`) reads them from a here-document instead (`-f -`), since the script travels alone;
 * the text is the one the command read then, so the replay is exact.
 */
import { splitArgs } from '../../kubectl/script.js';
import { shellWord } from '../toolbox/commands.js';
import type { LoggedCommand, SessionLog } from '../worker/session-log.js';

const FILE_FLAG = /^(?:-f|--filename)(?:=(.*))?$/;

/** The line with its `-f NAME` flags for recorded files folded into one `-f -`, and that stdin. */
function inlineFiles(cmd: LoggedCommand): { line: string; stdin?: string } {
  const files = cmd.files ?? {};
  const words = splitArgs(cmd.line);
  if (Object.keys(files).length === 0 || cmd.stdin !== undefined || !Array.isArray(words)) return cmd;
  const out: string[] = [];
  const texts: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const m = FILE_FLAG.exec(w) ?? (/^-f./.test(w) && !w.startsWith('-f=') ? [w, w.slice(2)] : null);
    const name = m ? (m[1] ?? words[i + 1]) : undefined;
    if (name === undefined || !Object.hasOwn(files, name)) {
      out.push(w);
      continue;
    }
    if (m![1] === undefined) i++;
    if (texts.length === 0) out.push('-f', '-');
    const text = files[name]!;
    texts.push(text.endsWith('\n') ? text : `${text}\n`);
  }
  if (texts.length === 0) return cmd;
  return { line: out.map(shellWord).join(' '), stdin: texts.join('---\n') };
}

/** A here-document delimiter that no line of `body` equals. */
function delimiterFor(body: string): string {
  const lines = new Set(body.split('\n'));
  let d = 'EOF';
  for (let n = 1; lines.has(d); n++) d = `EOF${n}`;
  return d;
}

/**
 * The script of `log`'s first `upTo` commands (all by default: the Timeline position shown), with
 * a header saying how to run it.
 */
export function sessionScript(log: SessionLog, upTo = log.commands.length): string {
  const lines = [
    `# An Everynode session (${log.engine}, seed ${log.seed}): ${upTo} commands.`,
    `# Replay it: npx everynode run session.sh${log.seed === 1 ? '' : ` --seed ${log.seed}`}`,
  ];
  for (const cmd of log.commands.slice(0, upTo)) {
    const { line, stdin } = inlineFiles(cmd);
    if (stdin === undefined) {
      lines.push(line);
      continue;
    }
    const d = delimiterFor(stdin);
    lines.push(`${line} <<'${d}'`, `${stdin.endsWith('\n') ? stdin : `${stdin}\n`}${d}`);
  }
  return `${lines.join('\n')}\n`;
}
