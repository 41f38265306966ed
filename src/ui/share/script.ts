/**
 * "Copy as script": a session log as a session script for the CLI (`npx everynode run FILE
 * --seed N`) that rebuilds the same cluster. A command that read editor files (`kubectl apply -f
 * ds.yaml`) reads them from a here-document instead (`-f -`), since the script travels alone;
 * the text is the one the command read then, so the replay is exact. Files a command read some
 * other way (`cat ds.yaml | kubectl apply -f -`) are written just before it (`cat > ds.yaml
 * <<'EOF'`), with the text it read: the CLI keeps a script's written files for its later lines.
 */
import { splitArgs } from '../../kubectl/script.js';
import { shellWord } from '../toolbox/commands.js';
import type { LoggedCommand, SessionLog } from '../worker/session-log.js';

const FILE_FLAG = /^(?:-f|--filename)(?:=(.*))?$/;

/** A logged line as the script runs it: its text, its here-document, and the recorded files it no longer reads by name. */
interface ScriptLine {
  readonly line: string;
  readonly stdin?: string;
  readonly inlined: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/** The line with its `-f NAME` flags for recorded files folded into one `-f -`, and that stdin. */
function inlineFiles(cmd: LoggedCommand): ScriptLine {
  const files = cmd.files ?? {};
  const words = splitArgs(cmd.line);
  const asLogged = { line: cmd.line, ...(cmd.stdin !== undefined ? { stdin: cmd.stdin } : {}), inlined: NONE };
  if (Object.keys(files).length === 0 || cmd.stdin !== undefined || !Array.isArray(words)) return asLogged;
  const out: string[] = [];
  const texts: string[] = [];
  const inlined = new Set<string>();
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
    inlined.add(name);
  }
  if (texts.length === 0) return asLogged;
  return { line: out.map(shellWord).join(' '), stdin: texts.join('---\n'), inlined };
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
  const withDocument = (line: string, stdin: string): void => {
    const d = delimiterFor(stdin);
    lines.push(`${line} <<'${d}'`, `${stdin.endsWith('\n') ? stdin : `${stdin}\n`}${d}`);
  };
  for (const cmd of log.commands.slice(0, upTo)) {
    const { line, stdin, inlined } = inlineFiles(cmd);
    for (const [name, text] of Object.entries(cmd.files ?? {})) if (!inlined.has(name)) withDocument(`cat > ${shellWord(name)}`, text);
    if (stdin === undefined) lines.push(line);
    else withDocument(line, stdin);
  }
  return `${lines.join('\n')}\n`;
}
