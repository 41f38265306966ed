/**
 * Lesson prose to HTML: Markdown through `marked`, then `dompurify`, so no raw HTML of a lesson
 * survives (no script, no handler, no style). Code blocks are marked for the column's buttons:
 * `sh` blocks get "Run" (`data-run`), complete YAML blocks get "Open in editor" (`data-open`);
 * blocks marked `fragment` are only shown.
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const marked = new Marked({
  gfm: true,
  renderer: {
    code({ text, lang }) {
      const [language = '', ...flags] = (lang ?? '').split(/\s+/);
      const fragment = flags.includes('fragment');
      const mark = language === 'sh' || language === 'bash' ? ' data-run="sh"' : language === 'yaml' && !fragment ? ' data-open="yaml"' : '';
      return `<pre${mark}><code>${escape(text)}</code></pre>\n`;
    },
  },
});

/** Sanitized HTML of lesson Markdown. */
export function renderMarkdown(md: string): string {
  const html = marked.parse(md, { async: false });
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'], FORBID_ATTR: ['style'] });
}

/** The file name "Open in editor" gives a YAML snippet: its object's name, else `snippet.yaml`. */
export function snippetFileName(yaml: string): string {
  const name = /^metadata:\s*\n(?:\s+.*\n)*?\s+name:\s*([a-z0-9][a-z0-9.-]*)/m.exec(yaml)?.[1];
  return `${name ?? 'snippet'}.yaml`;
}

/**
 * A Svelte action: puts "Run" / "Open in editor" buttons on the marked code blocks inside `node`
 * (rendered Markdown), calling back with the block's text.
 */
export function codeButtons(node: HTMLElement, handlers: { run(text: string): void; open(text: string): void }) {
  let current = handlers;
  const decorate = (): void => {
    for (const pre of node.querySelectorAll<HTMLPreElement>('pre[data-run], pre[data-open]')) {
      if (pre.nextElementSibling?.classList.contains('code-actions')) continue;
      const text = pre.textContent ?? '';
      const bar = document.createElement('div');
      bar.className = 'code-actions';
      const button = document.createElement('button');
      const run = pre.dataset.run !== undefined;
      button.textContent = run ? 'Run' : 'Open in editor';
      button.type = 'button';
      button.addEventListener('click', () => (run ? current.run(text.trimEnd()) : current.open(text)));
      bar.append(button);
      pre.after(bar);
    }
  };
  decorate();
  const observer = new MutationObserver(decorate);
  observer.observe(node, { childList: true, subtree: true });
  return {
    update(next: typeof handlers) {
      current = next;
    },
    destroy() {
      observer.disconnect();
    },
  };
}
