/** The editor's hover says what kubectl explain says about the field under the pointer. */
import { describe, expect, it } from 'vitest';
import { nodeFieldDocs } from '../../../../src/cli/field-docs.js';
import { createCluster } from '../../../../src/sim/index.js';
import { exec } from '../../../../src/kubectl/exec.js';
import { fieldHover } from '../../../../src/ui/editor/monaco/field-hover.js';

const docs = nodeFieldDocs();
const DS = 'apiVersion: apps/v1\nkind: DaemonSet\nspec:\n  updateStrategy:\n    rollingUpdate:\n      maxSurge: 10%\n  unknown: 1\n';
/** The words of a text, Markdown escapes and line wrapping aside. */
const words = (s: string): string => s.replace(/\\(.)/g, '$1').replace(/\s+/g, ' ').trim();

describe('fieldHover', () => {
  it('shows kind, path, type and the upstream description kubectl explain prints for maxSurge', () => {
    const hover = fieldHover(docs, DS, DS.indexOf('maxSurge') + 2)!;
    expect(hover.start).toBe(DS.indexOf('maxSurge'));
    expect(hover.end).toBe(DS.indexOf('maxSurge') + 'maxSurge'.length);
    const [head, description, command] = hover.contents.map((c) => c.value);
    expect(head).toBe('**DaemonSet** `spec.updateStrategy.rollingUpdate.maxSurge` `<IntOrString>`');
    expect(command).toBe('`kubectl explain daemonset.spec.updateStrategy.rollingUpdate.maxSurge`');
    const explained = exec(createCluster({ seed: 1 }), 'kubectl explain daemonset.spec.updateStrategy.rollingUpdate.maxSurge', undefined, { fieldDocs: () => docs }).stdout;
    expect(explained).toContain('FIELD: maxSurge <IntOrString>');
    expect(words(description!).length).toBeGreaterThan(100);
    expect(words(explained.split('DESCRIPTION:')[1]!)).toBe(words(description!));
  });

  it('lists enum values and marks required fields as explain does', () => {
    const text = 'kind: DaemonSet\nspec:\n  updateStrategy:\n    type: OnDelete\n  selector: {}\n';
    const type = fieldHover(docs, text, text.indexOf('type'))!.contents.map((c) => c.value);
    expect(type[0]).toBe('**DaemonSet** `spec.updateStrategy.type` `<string>`');
    expect(type[1]).toBe('ENUM: OnDelete, RollingUpdate');
    expect(fieldHover(docs, text, text.indexOf('selector'))!.contents[0]!.value).toBe('**DaemonSet** `spec.selector` `<LabelSelector>` -required-');
  });

  it('shows nothing for a field the kind does not have, a kind the playground lacks, or no kind', () => {
    expect(fieldHover(docs, DS, DS.indexOf('unknown'))).toBeUndefined();
    expect(fieldHover(docs, 'kind: Deployment\nspec: {}\n', 18)).toBeUndefined();
    expect(fieldHover(docs, 'spec: {}\n', 1)).toBeUndefined();
  });

  it('takes Markdown characters in descriptions literally', () => {
    const text = 'kind: Pod\nmetadata:\n  labels: {}\n';
    const description = fieldHover(docs, text, text.indexOf('labels'))!.contents[1]!.value;
    expect(description).toContain('\\(scope and select\\)');
    expect(description).not.toMatch(/(^|[^\\])[*_`<>()[\]]/);
  });
});
