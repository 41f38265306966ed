/**
 * YAML snippets in a lesson's Markdown (lesson.md, facilitator.md, step texts, hints): every
 * fenced block whose info string starts with `yaml`. A plain ```yaml block is a whole manifest a
 * learner could paste into a real cluster, so the proof applies it to a scratch cluster and any
 * error (syntax, unknown field, validation) fails the lesson; ```yaml fragment blocks (a piece of
 * a manifest) are only parsed. Blocks are found with marked's lexer, as the page renders them.
 */
import { lexer, type Token, type Tokens } from 'marked';
import { parseAllDocuments } from 'yaml';
import { exec } from '../kubectl/exec.js';
import { createCluster } from '../sim/index.js';

export interface Snippet {
  readonly text: string;
  readonly fragment: boolean;
  /** 0-based line of the block's first content line within the Markdown. */
  readonly line: number;
}

/** Every ```yaml block of a Markdown text, with where its content starts. */
export function yamlSnippets(markdown: string): Snippet[] {
  const out: Snippet[] = [];
  let cursor = 0;
  const visit = (tokens: readonly Token[]): void => {
    for (const t of tokens) {
      if (t.type === 'code') {
        const code = t as Tokens.Code;
        const at = markdown.indexOf(code.raw.trimStart().split('\n')[0]!, cursor);
        if (at >= 0) cursor = at + 1;
        const info = (code.lang ?? '').trim().split(/\s+/);
        if (info[0] === 'yaml' && code.codeBlockStyle !== 'indented') {
          out.push({ text: code.text, fragment: info.includes('fragment'), line: lineOf(markdown, Math.max(at, 0)) + 1 });
        }
      }
      const nested = (t as { tokens?: Token[] }).tokens;
      if (nested) visit(nested);
      const items = (t as { items?: Token[] }).items;
      if (items) visit(items);
    }
  };
  visit(lexer(markdown));
  return out;
}

function lineOf(text: string, offset: number): number {
  let n = 0;
  for (let i = 0; i < offset; i++) if (text[i] === '\n') n++;
  return n;
}

/** What is wrong with a snippet, with the 0-based line inside it, or undefined when it is fine. */
export function snippetProblem(s: Snippet): { line: number; message: string } | undefined {
  for (const doc of parseAllDocuments(s.text)) {
    const e = 'errors' in doc ? doc.errors[0] : undefined;
    if (e) return { line: Math.max(0, (e.linePos?.[0].line ?? 1) - 1), message: `YAML snippet does not parse: ${e.message.split('\n')[0]}` };
  }
  if (s.fragment) return undefined;
  // A whole manifest: apply it for real, on a cluster of its own, as a learner would.
  const r = exec(createCluster(), 'kubectl apply -f -', s.text);
  if (r.exitCode !== 0) return { line: 0, message: `YAML snippet does not apply (mark pieces of a manifest \`\`\`yaml fragment): ${r.stderr.trim().split('\n')[0]}` };
  return undefined;
}
