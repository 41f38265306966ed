// @vitest-environment jsdom
/** Lesson prose is sanitized Markdown: no raw HTML survives, and code blocks are marked for their buttons. */
import { describe, expect, it } from 'vitest';
import { renderMarkdown, snippetFileName } from '../../../src/ui/lesson/markdown.js';

describe('renderMarkdown', () => {
  it('drops raw HTML that could run or restyle anything', () => {
    const html = renderMarkdown('Hi <script>alert(1)</script><img src=x onerror="alert(2)"><iframe src="x"></iframe><a href="javascript:alert(3)">x</a><b style="color:red">b</b>');
    expect(html).not.toMatch(/<script|onerror|<iframe|javascript:|style=/);
    expect(html).toContain('<b>b</b>');
  });

  it('marks sh blocks to Run and complete YAML to open, but not fragments; code is escaped', () => {
    const html = renderMarkdown('```sh\nkubectl get ds -A\n```\n\n```yaml\nkind: DaemonSet\n```\n\n```yaml fragment\nspec: {}\n```\n\n```\n<b>x</b>\n```');
    expect(html).toContain('<pre data-run="sh"><code>kubectl get ds -A</code></pre>');
    expect(html).toContain('<pre data-open="yaml"><code>kind: DaemonSet</code></pre>');
    expect(html).toContain('<pre><code>spec: {}</code></pre>');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });
});

describe('snippetFileName', () => {
  it('names the file after the object, else snippet.yaml', () => {
    expect(snippetFileName('apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: log-agent\nspec: {}\n')).toBe('log-agent.yaml');
    expect(snippetFileName('spec:\n  name: x\n')).toBe('snippet.yaml');
  });
});
