/**
 * The tabs an editor opens with: the playground's files, or, when it brings none (a playground
 * with no saved session or preset), the example DaemonSet every preset opens, not yet applied.
 */
import { EXAMPLE_DAEMONSET, EXAMPLE_FILE } from '../playground/presets.js';
import type { TabRecord } from './tabs.svelte.js';

export function initialTabs(files: Readonly<Record<string, string>>): TabRecord[] {
  const entries = Object.entries(files);
  return entries.length > 0 ? entries.map(([name, text]) => ({ name, text })) : [{ name: EXAMPLE_FILE, text: EXAMPLE_DAEMONSET }];
}
