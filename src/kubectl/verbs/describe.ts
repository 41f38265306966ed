/**
 * `kubectl describe`: kubectl `pkg/cmd/describe/describe.go` (`DescribeOptions.Run`,
 * `DescribeMatchingResources`). `TYPE` describes every object of the type (descriptions apart by
 * a blank line), `TYPE NAME` one object or, when none has that exact name, every object whose name
 * starts with it; `-l` selects by labels; `-A` looks in every namespace.
 */
import type { ApiObject, Kind } from '../../sim/api/types.js';
import { parseSelector } from '../../sim/api/labels.js';
import { notFound } from '../../sim/apiserver/errors.js';
import { qualifiedResource } from '../../sim/apiserver/resources.js';
import type { Verb } from '../context.js';
import { ALL_NAMESPACES_FLAG, flagBool, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { EventSearch } from '../print/describe/events.js';
import { describeObject } from '../print/describe/index.js';
import { fail, type ExecResult } from '../result.js';
import { parseResourceArgs } from './resource-args.js';

export const DESCRIBE_FLAGS: readonly FlagSpec[] = [
  ALL_NAMESPACES_FLAG,
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'show-events', type: 'bool', default: true },
  { name: 'chunk-size', type: 'int', default: '500' },
];

const NO_TYPE =
  'You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.\n\n' +
  'error: Required resource not specified.\n' +
  "See 'kubectl describe -h' for help and examples\n";

export const describe: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, DESCRIBE_FLAGS, 'describe');
  if ('error' in flags) return fail(flags.error);
  if (flags.args.length === 0) return { exitCode: 1, stdout: '', stderr: NO_TYPE };
  const parsed = parseResourceArgs(flags.args);
  if ('error' in parsed) return fail(parsed.error);
  const allNamespaces = flagBool(flags, 'all-namespaces');
  const namespace = flagString(flags, 'namespace') || 'default';
  const selectorText = flagString(flags, 'selector') ?? '';
  if (parsed.named && selectorText) return fail('name cannot be provided when a selector is specified');
  const selector = parseSelector(selectorText);
  if ('error' in selector) return fail(selector.error);
  const store = ctx.cluster.store;
  const now = ctx.cluster.now;
  const showEvents = flags.values.get('show-events') !== false;
  const nsOf = (namespaced: boolean) => (namespaced ? namespace : '');

  const found: ApiObject[] = [];
  const errors: string[] = [];
  for (const req of parsed.requests) {
    const kind = req.info.kind as Kind;
    if (req.name === undefined) {
      const ns = req.info.namespaced && !allNamespaces ? namespace : undefined;
      found.push(...store.list(kind, ns).filter((o) => selector.matches(o.metadata.labels)));
      continue;
    }
    const obj = store.get(kind, nsOf(req.info.namespaced), req.name);
    if (obj) {
      found.push(obj);
      continue;
    }
    const error = `Error from server (NotFound): ${notFound(qualifiedResource(kind), req.name).message}`;
    // DescribeMatchingResources: `describe TYPE PREFIX` when no object has that exact name.
    if (flags.args.length === 2 && !flags.args[0]!.includes(',') && !flags.args[1]!.includes('/')) {
      const matches = store.list(kind, req.info.namespaced ? namespace : undefined).filter((o) => o.metadata.name.startsWith(req.name!));
      if (matches.length > 0) {
        const search = showEvents ? new EventSearch(store, matches) : undefined;
        return { exitCode: 0, stdout: matches.map((o) => `${describeObject(store, o, now, search)}\n`).join(''), stderr: '' };
      }
    }
    errors.push(error);
  }

  const search = showEvents ? new EventSearch(store, found) : undefined;
  const stdout = found.map((o) => describeObject(store, o, now, search)).join('\n\n');
  let stderr = errors.map((e) => `${e}\n`).join('');
  if (found.length === 0 && errors.length === 0) {
    stderr += allNamespaces ? 'No resources found\n' : `No resources found in ${namespace} namespace.\n`;
  }
  return { exitCode: errors.length > 0 ? 1 : 0, stdout, stderr };
};
