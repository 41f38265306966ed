/**
 * "Node <name> status is now: <reason>", four per node joining, joined flat (`flatJoin`): the
 * Event recorder hashes every message, and a template literal is a rope it copies flat.
 */
import { flatJoin } from '../../intern.js';

/** The kubelet's `recordNodeStatusEvent` message, and the node lifecycle controller's NodeNotReady. */
export function nodeStatusMessage(name: string, reason: string): string {
  return flatJoin('Node ', name, ' status is now: ', reason);
}
