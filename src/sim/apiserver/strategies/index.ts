/** The strategy of every kind that has one (see ../strategy.ts). Events have none. */
import type { ApiObject, Kind } from '../../api/types.js';
import type { Strategy } from '../strategy.js';
import { controllerRevisionStrategy } from './controllerrevision.js';
import { daemonSetStrategy } from './daemonset.js';
import { namespaceStrategy } from './namespace.js';
import { nodeStrategy } from './node.js';
import { podStrategy } from './pod.js';
import { priorityClassStrategy } from './priorityclass.js';

export const STRATEGIES: { readonly [K in Kind]?: Strategy<Extract<ApiObject, { kind: K }>> } = {
  Namespace: namespaceStrategy,
  Node: nodeStrategy,
  Pod: podStrategy,
  DaemonSet: daemonSetStrategy,
  ControllerRevision: controllerRevisionStrategy,
  PriorityClass: priorityClassStrategy,
};
