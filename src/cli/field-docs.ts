/**
 * The Node host's field documentation for `kubectl explain`: built from the installed
 * `kubernetes-types` package on first use (a fraction of a second) and kept for the process, so
 * the CLI explains right after `npm ci` with no build step. The page gets the same data from the
 * Vite plugin in build/field-docs-plugin.ts, which calls this at build time.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildFieldDocs, type FieldDocs } from '../kubectl/explain/field-docs.js';

let built: FieldDocs | undefined;

export function nodeFieldDocs(): FieldDocs {
  if (!built) {
    const root = dirname(createRequire(import.meta.url).resolve('kubernetes-types/package.json'));
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    built = buildFieldDocs((file) => readFileSync(join(root, file), 'utf8'), `kubernetes-types ${version}`);
  }
  return built;
}
