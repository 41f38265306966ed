/** Reading descriptions out of kubernetes-types declaration text. */
import { describe, expect, it } from 'vitest';
import { parseTypeDocs } from '../../../src/kubectl/explain/dts-docs.js';

const TEXT = `import { ObjectMeta } from "../meta/v1";
/** DaemonSetSpec is the specification of a daemon set. */
export interface DaemonSetSpec {
    /** The minimum number of seconds. Defaults to 0. */
    minReadySeconds?: number;
    /**
     * First paragraph of the selector.
     *
     * Second paragraph,
     * 	indented line.
     */
    selector: LabelSelector;
    undocumented?: string;
    /** Read only. */
    readonly uid?: string;
}
export interface Bare {
    /** A field. */
    field: string;
}
/** Time is a wrapper. */
export type Time = string;
`;

describe('kubernetes-types doc comments', () => {
  const docs = parseTypeDocs(TEXT);

  it('keeps interface and field descriptions, one-line and multi-line, with their paragraphs', () => {
    expect(docs.get('DaemonSetSpec')).toEqual({
      description: 'DaemonSetSpec is the specification of a daemon set.',
      fields: {
        minReadySeconds: 'The minimum number of seconds. Defaults to 0.',
        selector: 'First paragraph of the selector.\n\nSecond paragraph,\n\tindented line.',
        uid: 'Read only.',
      },
    });
  });

  it('knows undocumented interfaces and type aliases', () => {
    expect(docs.get('Bare')).toEqual({ fields: { field: 'A field.' } });
    expect(docs.get('Time')).toEqual({ description: 'Time is a wrapper.', fields: {} });
    expect([...docs.keys()]).toEqual(['DaemonSetSpec', 'Bare', 'Time']);
  });
});
