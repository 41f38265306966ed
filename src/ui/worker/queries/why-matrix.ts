/** The `whyMatrix` query: every DaemonSet's verdict on every node (kubectl/sim/why-matrix.ts). */
import type { Cluster } from '../../../sim/engine/cluster.js';
import { whyMatrix, type WhyMatrix } from '../../../kubectl/sim/why-matrix.js';

export function whyMatrixQuery(session: { readonly cluster: Cluster }): WhyMatrix {
  return whyMatrix(session.cluster);
}
