import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containerID, hashRange, hexId, uuidId } from '../../../../src/sim/controllers/kubelet/ids.js';

describe('kubelet ids: identifiers derived from content', () => {
  it('hexId gives n lowercase hex digits that depend only on the text, shorter ids being prefixes of longer ones', () => {
    const long = hexId('machine:node-1:0');
    expect(long).toMatch(/^[0-9a-f]{64}$/);
    expect(hexId('machine:node-1:0')).toBe(long);
    expect(hexId('machine:node-2:1')).not.toBe(long);
    for (const n of [1, 7, 8, 12, 32]) expect(hexId('machine:node-1:0', n)).toBe(long.slice(0, n));
  });

  it('uuidId is hexId(text, 32) in 8-4-4-4-12 form, one flat string', () => {
    for (const text of ['boot:node-1:0', 'system:node-4999:4998', '']) {
      const h = hexId(text, 32);
      expect(uuidId(text)).toBe(`${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`);
    }
  });

  it('containerID is containerd:// and hexId(text), one flat string', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(containerID(text)).toBe(`containerd://${hexId(text)}`);
      }),
    );
    expect(containerID('uid/agent/0')).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
  });

  it('an id does not depend on the ids made before it (their char code lists are reused)', () => {
    const call = fc.record({ text: fc.string(), n: fc.integer({ min: 1, max: 70 }), prefix: fc.constantFrom('', 'containerd://', 'x') });
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 12 }), (calls) => {
        const forward = calls.map((c) => hexId(c.text, c.n, c.prefix));
        const backward = [...calls].reverse().map((c) => hexId(c.text, c.n, c.prefix)).reverse();
        expect(backward).toEqual(forward);
        calls.forEach((c, i) => expect(forward[i]).toBe(c.prefix + hexId(c.text, c.n)));
      }),
    );
  });

  it('each 8-digit block is FNV-1a of the whole text with its own seed (one pass hashes every block)', () => {
    // The definition, block by block: what the one-pass hashing must give for every text and length.
    const block = (text: string, b: number): string => {
      let h = (0x811c9dc5 ^ Math.imul(b + 1, 0x9e3779b1)) >>> 0;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
      return h.toString(16).padStart(8, '0');
    };
    const reference = (text: string, n: number): string => Array.from({ length: Math.ceil(n / 8) }, (_, b) => block(text, b)).join('').slice(0, n);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: 1, max: 80 }), (text, n) => {
        expect(hexId(text, n)).toBe(reference(text, n));
        expect(uuidId(text)).toBe(reference(text, 32).replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-'));
      }),
    );
    // Pinned: ids as the block-by-block version made them (the output of existing scripts).
    expect(uuidId('boot:node-1:0')).toBe('6bd01efa-745d-8f03-89f4-2e2461bf1a8d');
    expect(hexId('machine:node-1:0', 32)).toBe('99cbeacde744d6ea9149b0777f7b81dc');
    expect(containerID('uid-1/agent/0')).toBe('containerd://cb5f1341184093c8dba6ca8f11574bdec5163aed2e8fd0a4ca0430cb950be43a');
  });

  it('an id given in parts is the id of the joined text (machine ids join by ":", container ids by "/")', () => {
    const count = fc.oneof(fc.nat({ max: 20 }), fc.nat(), fc.integer({ min: 1e15, max: Number.MAX_SAFE_INTEGER }));
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), count, fc.integer({ min: 1, max: 70 }), (head, name, n, digits) => {
        expect(uuidId(head, name, n)).toBe(uuidId(`${head}:${name}:${n}`));
        expect(hexId(head, digits, 'p', name, n)).toBe(hexId(`${head}:${name}:${n}`, digits, 'p'));
        expect(containerID(head, name, n)).toBe(containerID(`${head}/${name}/${n}`));
      }),
    );
    // Pinned: the ids registration and a container start made from the joined texts.
    expect(uuidId('boot', 'node-1', 0)).toBe('6bd01efa-745d-8f03-89f4-2e2461bf1a8d');
    expect(hexId('machine', 32, '', 'node-1', 0)).toBe('99cbeacde744d6ea9149b0777f7b81dc');
    expect(containerID('uid-1', 'agent', 0)).toBe('containerd://cb5f1341184093c8dba6ca8f11574bdec5163aed2e8fd0a4ca0430cb950be43a');
    expect(containerID('uid-1', 'agent', 10)).toBe(containerID('uid-1/agent/10'));
  });

  it('hashRange stays in [lo, hi)', () => {
    for (let i = 0; i < 200; i++) {
      const x = hashRange(`image:${i}`, 3, 9);
      expect(x).toBeGreaterThanOrEqual(3);
      expect(x).toBeLessThan(9);
    }
  });
});
