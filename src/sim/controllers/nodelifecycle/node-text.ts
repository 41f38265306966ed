/**
 * The strings a fleet makes once per node and keeps: the node status Events' messages ("Node
 * node-7 status is now: NodeReady", four per node joining) and RegisteredNode's, and a machine's
 * addresses. Each is joined flat from char codes, so the string itself is all a join allocates.
 *
 * Why: a template literal of 13 characters or more is a rope, one 32-byte node per piece, and
 * the Event recorder hashes every message, which copies the rope flat and leaves the nodes behind
 * (170 bytes allocated per message, 74 joined here); `Array.prototype.join` allocates its list and
 * a buffer of the parts (120 bytes).
 */
import { fromCodes } from '../../engine/rng.js';

/**
 * Char code lists by length, reused: a join writes every code of its list before reading it.
 * As long as the longest text joined (a node name has at most 253 characters).
 */
const CODES: number[][] = [];

/** `a + b + c + d + e + f`, flat. */
export function flatJoin(a: string, b: string, c = '', d = '', e = '', f = ''): string {
  const codes = (CODES[a.length + b.length + c.length + d.length + e.length + f.length] ??= []);
  put(codes, put(codes, put(codes, put(codes, put(codes, put(codes, 0, a), b), c), d), e), f);
  return fromCodes(codes);
}

/** Writes the char codes of `text` at `at`; returns the index after them. */
function put(codes: number[], at: number, text: string): number {
  for (let i = 0; i < text.length; i++) codes[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/** "Node <name> status is now: <reason>" (the kubelet's `recordNodeStatusEvent`, the node lifecycle controller's NodeNotReady). */
export function nodeStatusMessage(name: string, reason: string): string {
  return flatJoin('Node ', name, ' status is now: ', reason);
}
