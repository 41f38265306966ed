/**
 * The Why panel's data for the selected node (or the node a selected pod is on or pinned to):
 * the `why` query, asked again after each change of the cluster while the panel shows, one
 * question in flight at a time. The report is the one `sim why` prints (kubectl/sim/why-report.ts).
 */
import type { Pod } from '../../sim/api/types.js';
import { getTargetNodeName } from '../../sim/controllers/daemonset/node-affinity-pin.js';
import type { WhyMatrix } from '../../kubectl/sim/why-matrix.js';
import type { WhyAnswer } from '../worker/queries/why-answer.js';
import type { Playground } from '../playground/playground.svelte.js';

/** The node the selection is about: the node itself, or the pod's node or pin. */
export function selectedNode(playground: Playground): string | undefined {
  const sel = playground.selection;
  if (!sel) return undefined;
  if (sel.kind === 'Node') return sel.name;
  const pod = playground.cluster.get('Pod', sel.namespace ?? 'default', sel.name) as Pod | undefined;
  if (!pod) return undefined;
  if (pod.spec.nodeName) return pod.spec.nodeName;
  const pin = getTargetNodeName(pod);
  return typeof pin === 'string' ? pin : undefined;
}

/** Asks a query again whenever `refresh` is called, keeping one question in flight. */
export class Asker<T> {
  value = $state.raw<T | undefined>();
  error = $state<string | undefined>();
  private asking = false;
  private again = false;

  constructor(private readonly ask: () => Promise<T> | undefined) {}

  refresh(): void {
    if (this.asking) {
      this.again = true;
      return;
    }
    const p = this.ask();
    if (!p) {
      this.value = undefined;
      return;
    }
    this.asking = true;
    p.then(
      (v) => {
        this.value = v;
        this.error = undefined;
      },
      (e: Error) => (this.error = e.message),
    ).finally(() => {
      this.asking = false;
      if (this.again) {
        this.again = false;
        this.refresh();
      }
    });
  }
}

export function whyAsker(playground: Playground): Asker<WhyAnswer | { error: string }> {
  return new Asker(() => {
    const node = selectedNode(playground);
    return node ? playground.query<WhyAnswer | { error: string }>('why', { node, files: $state.snapshot(playground.files) }) : undefined;
  });
}

export function matrixAsker(playground: Playground): Asker<WhyMatrix> {
  return new Asker(() => playground.query<WhyMatrix>('whyMatrix'));
}
