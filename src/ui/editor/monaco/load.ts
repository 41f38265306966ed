/**
 * Loads Monaco (`monaco.ts` and its chunks) once per page, on first use: the page paints and
 * works with a plain textarea before any of it is fetched.
 */
import type { Monaco } from './monaco.js';

let loading: Promise<Monaco> | undefined;

export function loadMonaco(): Promise<Monaco> {
  loading ??= import('./monaco.js').then(
    (m) => m.monaco,
    (e: unknown) => {
      loading = undefined; // a failed fetch may be retried
      throw e;
    },
  );
  return loading;
}
