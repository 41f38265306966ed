/** A `kubectl get nodes`-like table the filter tests share (expectations checked against GNU tools). */
export const NODES = `NAME      STATUS   AGE
node-10   Ready    5m
node-2    Ready    12m
node-1    NotReady 3m
node-2    Ready    12m
`;

/** The lines of NODES by index (0 is the header), each with its newline. */
export function row(...indexes: number[]): string {
  const lines = NODES.split('\n');
  return indexes.map((i) => `${lines[i]}\n`).join('');
}
