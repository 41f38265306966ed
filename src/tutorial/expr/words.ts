/**
 * An invariant's helper calls in the learner's words, for the reason a broken invariant gives
 * ("numberUnavailable of daemonset/log-agent was 2") instead of the expression's own text.
 */
import { podNouns } from '../cluster-query.js';
import { objectWords } from '../checks/fields.js';
import type { Call, PodQuery } from './ast.js';
import type { Value } from './evaluate.js';

/** `WHAT was VALUE` for one helper call and the value it had. */
export function callWords(c: Call, v: Value): string {
  const value = v === null ? 'missing' : typeof v === 'string' ? JSON.stringify(v) : String(v);
  if (c.helper === 'node' && v !== null) return `node ${c.name} ${v === true ? 'was' : 'was not'} ${c.field === 'ready' ? 'Ready' : 'unschedulable'}`;
  return `${subject(c)} was ${value}`;
}

function subject(c: Call): string {
  switch (c.helper) {
    case 'node':
      return `node ${c.name}`;
    case 'ds':
      return `${c.field} of ${objectWords('DaemonSet', c.name, c.namespace)}`;
    case 'pod':
      return `the node of ${objectWords('Pod', c.name, c.namespace)}`;
    case 'pods':
      return `the number of ${pods(c.query)}`;
    case 'readyPods':
      return `the number of Ready ${pods(c.query)}`;
    case 'terminating':
      return `the number of terminating ${pods(c.query)}`;
    case 'maxPerNode':
      return `the most ${podNouns(c.query.selector).many} on one node${c.includeTerminating ? ' (terminating ones too)' : ''}`;
    case 'nodesWithMoreThanOne':
      return `the number of nodes with more than one ${podNouns(c.query.selector).one}`;
    case 'nodesWithoutReady':
      return `the number of nodes${c.nodes ? ` among ${c.nodes.join(', ')}` : ''} without a Ready ${podNouns(c.query.selector).one}`;
    case 'nodesRunning':
      return `the number of nodes running ${pods(c.query)}`;
  }
}

function pods(q: PodQuery): string {
  return `${podNouns(q.selector, q.image).many}${q.node ? ` on ${q.node}` : ''}`;
}
