import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { flatJoin } from '../../../../src/sim/intern.js';
import { nodeStatusMessage } from '../../../../src/sim/controllers/nodelifecycle/node-text.js';
import { machineIP, podCIDR, podIP } from '../../../../src/sim/controllers/kubelet/registration.js';

describe('node text joined flat', () => {
  it('is the concatenation of its parts, whatever their lengths (lists are reused by length)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 2, maxLength: 6 }), (parts) => {
        const [a, b, c, d, e, f] = parts;
        expect(flatJoin(a!, b!, c, d, e, f)).toBe(parts.join(''));
      }),
    );
  });

  it('words the node status events as the kubelet records them', () => {
    expect(nodeStatusMessage('node-7', 'NodeReady')).toBe('Node node-7 status is now: NodeReady');
    expect(nodeStatusMessage('n', 'NodeHasSufficientMemory')).toBe('Node n status is now: NodeHasSufficientMemory');
  });

  it("numbers a machine's addresses across the octet and pod network boundaries", () => {
    expect([0, 253, 254, 5000].map(machineIP)).toEqual(['10.0.0.2', '10.0.0.255', '10.0.1.0', '10.0.19.138']);
    expect([0, 255, 256, 3071, 3072, 3072 + 256 + 5].map(podCIDR)).toEqual([
      '10.244.0.0/24',
      '10.244.255.0/24',
      '10.245.0.0/24',
      '10.255.255.0/24',
      '100.64.0.0/24',
      '100.65.5.0/24',
    ]);
    expect([podIP(0, 0), podIP(1, 252), podIP(1, 253), podIP(3072, 7)]).toEqual(['10.244.0.2', '10.244.1.254', '10.244.1.2', '100.64.0.9']);
  });
});
