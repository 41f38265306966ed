/**
 * The pods-and-resources part of `kubectl describe node`: describe.go's `describeNodeResource`
 * (`Non-terminated Pods:` with per-pod requests/limits as a share of allocatable) and
 * `getPodsTotalRequestsAndLimits` (`Allocated resources:`), with `resourcehelper.PodRequests` /
 * `PodLimits` (containers summed, then the largest init container if bigger).
 */
import type { Container, Node, Pod, ResourceList } from '../../../sim/api/types.js';
import { addQuantity, compareQuantity, formatQuantity, milliValue, parseQuantity, quantityValue, type Quantity } from '../../../sim/api/quantity.js';
import { translateTimestampSince } from '../../format/duration.js';
import { byteOrder } from '../go-format.js';
import { LEVEL_0, LEVEL_1, type PrefixWriter } from './writer.js';

type Totals = Map<string, Quantity>;
const ZERO: Quantity = { nano: 0n, format: 'DecimalSI' };

function parse(v: string | number): Quantity {
  const q = parseQuantity(v);
  return 'error' in q ? ZERO : q;
}

function addList(into: Totals, list: ResourceList | undefined): void {
  for (const [name, v] of Object.entries(list ?? {})) {
    const prev = into.get(name);
    into.set(name, prev ? addQuantity(prev, parse(v)) : parse(v));
  }
}

/** `PodRequests` / `PodLimits` for one pod. */
function podTotals(pod: Pod, which: 'requests' | 'limits'): Totals {
  const sum: Totals = new Map();
  for (const c of pod.spec.containers) addList(sum, c.resources?.[which]);
  for (const c of (pod.spec.initContainers ?? []) as Container[]) {
    for (const [name, v] of Object.entries(c.resources?.[which] ?? {})) {
      const q = parse(v);
      const cur = sum.get(name);
      if (!cur || compareQuantity(q, cur) > 0) sum.set(name, q);
    }
  }
  return sum;
}

function get(t: Totals, name: string): Quantity {
  return t.get(name) ?? ZERO;
}

function percent(part: number, whole: number): number {
  if (whole === 0) return 0;
  return Math.trunc((part / whole) * 100);
}

function cell(q: Quantity, fraction: number): string {
  return `${formatQuantity(q)} (${fraction}%)`;
}

export function describeNodeResource(pods: readonly Pod[], node: Node, w: PrefixWriter, now: number): void {
  w.write(LEVEL_0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(LEVEL_1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(LEVEL_1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  const allocList = Object.keys(node.status?.allocatable ?? {}).length > 0 ? node.status!.allocatable! : (node.status?.capacity ?? {});
  const alloc: Totals = new Map();
  addList(alloc, allocList);
  const cpu = milliValue(get(alloc, 'cpu'));
  const mem = quantityValue(get(alloc, 'memory'));
  const reqs: Totals = new Map();
  const limits: Totals = new Map();
  for (const pod of pods) {
    const r = podTotals(pod, 'requests');
    const l = podTotals(pod, 'limits');
    for (const [k, v] of r) reqs.set(k, reqs.has(k) ? addQuantity(reqs.get(k)!, v) : v);
    for (const [k, v] of l) limits.set(k, limits.has(k) ? addQuantity(limits.get(k)!, v) : v);
    const [cr, cl, mr, ml] = [get(r, 'cpu'), get(l, 'cpu'), get(r, 'memory'), get(l, 'memory')];
    w.write(
      LEVEL_1,
      `${pod.metadata.namespace ?? ''}\t${pod.metadata.name}\t\t${cell(cr, percent(milliValue(cr), cpu))}\t${cell(cl, percent(milliValue(cl), cpu))}\t` +
        `${cell(mr, percent(quantityValue(mr), mem))}\t${cell(ml, percent(quantityValue(ml), mem))}\t${translateTimestampSince(pod.metadata.creationTimestamp, now)}\n`,
    );
  }
  w.write(LEVEL_0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(LEVEL_1, 'Resource\tRequests\tLimits\n');
  w.write(LEVEL_1, '--------\t--------\t------\n');
  const row = (name: string, whole: number, value: (q: Quantity) => number) => {
    const [r, l] = [get(reqs, name), get(limits, name)];
    w.write(LEVEL_1, `${name}\t${cell(r, percent(value(r), whole))}\t${cell(l, percent(value(l), whole))}\n`);
  };
  row('cpu', cpu, milliValue);
  row('memory', mem, quantityValue);
  row('ephemeral-storage', quantityValue(get(alloc, 'ephemeral-storage')), quantityValue);
  const names = [...alloc.keys()].sort(byteOrder);
  for (const name of names.filter((n) => n.startsWith('hugepages-'))) row(name, quantityValue(get(alloc, name)), quantityValue);
  const standard = new Set(['cpu', 'memory', 'ephemeral-storage', 'pods']);
  for (const name of names.filter((n) => !standard.has(n) && !n.startsWith('hugepages-'))) {
    w.write(LEVEL_1, `${name}\t${formatQuantity(get(reqs, name))}\t${formatQuantity(get(limits, name))}\n`);
  }
}
