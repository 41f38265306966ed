import { describe, expect, it } from 'vitest';
import { snippetProblem, yamlSnippets } from '../../src/tutorial/snippets.js';
import { AGENT } from './fixture.js';

describe('YAML snippets in lesson Markdown', () => {
  const md = `Intro\n\n\`\`\`yaml\n${AGENT}\`\`\`\n\n- a list item\n\n  \`\`\`yaml fragment\n  spec:\n    minReadySeconds: 30\n  \`\`\`\n\n\`\`\`sh\nkubectl get ds\n\`\`\`\n`;

  it('finds yaml blocks (nested ones too) with their first content line', () => {
    expect(yamlSnippets(md).map((s) => [s.fragment, s.line])).toEqual([[false, 3], [true, 22]]);
  });

  it('applies whole manifests and only parses fragments', () => {
    const [whole, fragment] = yamlSnippets(md);
    expect(snippetProblem(whole!)).toBeUndefined();
    expect(snippetProblem(fragment!)).toBeUndefined();
    expect(snippetProblem({ text: 'spec:\n  minReadySeconds: 30\n', fragment: false, line: 0 })?.message).toMatch(/^YAML snippet does not apply \(mark pieces of a manifest ```yaml fragment\): error: /);
    expect(snippetProblem({ text: AGENT.replace('  selector:', '  replicas: 2\n  selector:'), fragment: false, line: 0 })?.message).toContain('unknown field "spec.replicas"');
    expect(snippetProblem({ text: 'a: [1\nb: 2\n', fragment: true, line: 0 })?.message).toMatch(/^YAML snippet does not parse: /);
  });
});
