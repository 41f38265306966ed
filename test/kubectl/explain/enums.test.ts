/** The OpenAPI enum lists, in openapi-gen's order. */
import { describe, expect, it } from 'vitest';
import { ENUMS } from '../../../src/kubectl/explain/enums.js';

describe('enum values', () => {
  it('are sorted as Go sorts strings, the empty string first', () => {
    expect(ENUMS['v1.HostPathType']).toEqual(['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket']);
    expect(ENUMS['v1.RestartPolicy']).toEqual(['Always', 'Never', 'OnFailure']);
  });

  it('list the 65 signals of v1.Signal, real-time ones included', () => {
    const signals = ENUMS['v1.Signal']!;
    expect(signals).toHaveLength(65);
    expect(new Set(signals).size).toBe(65);
    expect(signals.slice(17, 22)).toEqual(['SIGQUIT', 'SIGRTMAX', 'SIGRTMAX-1', 'SIGRTMAX-10', 'SIGRTMAX-11']);
    expect(signals).toContain('SIGRTMIN+15');
    expect(signals).not.toContain('SIGRTMAX-15');
  });
});
