/**
 * The toolbox's actions as the `sim` commands they are: each form builds one line of the script
 * language, which the terminal echoes, so a learner sees (and can type next time) what a click
 * did. Words are quoted for the script's word splitting only when they need it.
 */

export interface AddNodes {
  /** A name, or several with braces: `gpu-{1..3}`. */
  readonly names: string;
  readonly pool: string;
  /** `k=v,k2=v2` besides the pool. */
  readonly labels: string;
  /** `key=value:Effect,...`. */
  readonly taints: string;
  readonly cpu: string;
  readonly memory: string;
}

/** A word as the script's word splitter reads it back unchanged. */
export function shellWord(word: string): string {
  return /^[\w.,:=/{}@+%-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

const line = (...words: readonly string[]): string => words.map(shellWord).join(' ');

export function addNodesCommand(a: AddNodes): string {
  const labels = [a.pool.trim() ? `pool=${a.pool.trim()}` : '', a.labels.trim()].filter((l) => l !== '').join(',');
  const flags: string[] = [];
  if (labels) flags.push(`--labels=${labels}`);
  if (a.taints.trim()) flags.push(`--taints=${a.taints.trim()}`);
  if (a.cpu.trim()) flags.push(`--cpu=${a.cpu.trim()}`);
  if (a.memory.trim()) flags.push(`--memory=${a.memory.trim()}`);
  return line('sim', 'node', 'add', ...a.names.trim().split(/\s+/).filter((n) => n !== ''), ...flags);
}

export type NodeAction = 'fail' | 'recover' | 'remove';

export function nodeCommand(action: NodeAction, node: string): string {
  return line('sim', 'node', action, node);
}

export function conditionCommand(node: string, type: string, status: 'True' | 'False'): string {
  return line('sim', 'node', 'condition', node, `${type}=${status}`);
}

export function imageCommand(image: string, behaviour: string, after: string): string {
  return line('sim', 'image', image.trim(), `--behaviour=${behaviour}`, ...(after.trim() ? [`--after=${after.trim()}`] : []));
}
