/** What a step's callout points at, in the words the picture uses for it. */
import type { CalloutTarget } from '../../tutorial/model.js';

export function calloutTarget(t: CalloutTarget): string {
  if ('node' in t) return `Node ${t.node}`;
  if ('daemonset' in t) return `DaemonSet ${t.daemonset}`;
  if ('pod' in t) return `Pod ${t.pod.selector} on ${t.pod.node}`;
  return `Meter: ${t.meter}`;
}
