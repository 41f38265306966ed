/**
 * `kubectl set resources (-f FILENAME | TYPE NAME | TYPE/NAME | -l SEL | --all) [-c CONTAINERS]
 * [--limits=cpu=200m,memory=512Mi] [--requests=...] [--local] [--dry-run] [-o FORMAT]` (kubectl
 * `pkg/cmd/set/set_resources.go`: `Complete`, `Validate`, `Run`; generateversioned
 * `HandleResourceRequirementsV1`; `selectContainers` and `selectString` of set's helper.go).
 *
 * - The objects come as for set image (set-pod-template.ts): `TYPE NAME`, `-l`, `--all`, `-f`,
 *   or the files themselves under `--local`; the builder's errors come first.
 * - Validate: `--local` with a server dry run, `--all` with `-l`, neither `--limits` nor
 *   `--requests`, then each `NAME=QUANTITY` of them (`Invalid argument syntax ...`, or
 *   `ParseQuantity`'s error).
 * - `-c` (all containers by default) picks containers and init containers (set-pod-template.ts
 *   `changePicked`, upstream's `selectString` wildcard). Each picked container gets the given
 *   limits and requests set, others kept, as the API server's canonical quantities. An object
 *   with no such container is `error: unable to find container named C` and is not changed; one
 *   whose resources already read so is left out.
 * - The default output is `daemonset.apps/NAME resource requirements updated`; the API server
 *   checks the result (a request above its limit is refused with its Invalid message).
 */
import type { Container, PodSpec, ResourceList } from '../../sim/api/types.js';
import { canonicalQuantity } from '../../sim/api/quantity.js';
import type { VerbContext } from '../context.js';
import { flagArray, flagBool, flagString, parseFlags, type FlagSpec, type ParsedFlags } from '../flags.js';
import { recorderFor, type Recorder } from '../record.js';
import { afterWarning, fail, type ExecResult } from '../result.js';
import { checkErr, type CmdError } from './check-err.js';
import { createPrinter } from './create-printer.js';
import { dryRunStrategy } from './dry-run.js';
import { changePicked, patchPodTemplates, podTemplateTargets, SET_FLAGS } from './set-pod-template.js';

export const RESOURCES_FLAGS: readonly FlagSpec[] = [
  ...SET_FLAGS,
  { name: 'containers', short: 'c', type: 'string', default: '*' },
  { name: 'limits', type: 'string' },
  { name: 'requests', type: 'string' },
];

/** `populateResourceListV1`: `cpu=100m,memory=256Mi` as canonical quantities (none for ''), or the error. */
export function parseResourceList(spec: string): { readonly list: ResourceList | undefined } | { readonly error: string } {
  if (spec === '') return { list: undefined };
  const list: Record<string, string> = {};
  for (const statement of spec.split(',')) {
    const parts = statement.split('=');
    if (parts.length !== 2) return { error: `Invalid argument syntax ${statement}, expected <resource>=<value>` };
    const quantity = canonicalQuantity(parts[1]!);
    if (typeof quantity !== 'string') return quantity;
    list[parts[0]!] = quantity;
  }
  return { list };
}

/** A container with the given limits and requests set, the others it has kept. */
function withRequirements(c: Container, limits: ResourceList | undefined, requests: ResourceList | undefined): Container {
  const r = c.resources ?? {};
  return {
    ...c,
    resources: {
      ...r,
      ...(limits ? { limits: { ...r.limits, ...limits } } : {}),
      ...(requests ? { requests: { ...r.requests, ...requests } } : {}),
    },
  };
}

export function setResources(ctx: VerbContext, argv: readonly string[]): ExecResult {
  const flags = parseFlags(argv, RESOURCES_FLAGS, 'set resources');
  if ('error' in flags) return fail(flags.error);
  const recorder = recorderFor(['set', 'resources'], flags);
  return afterWarning(recorder.warning, updateResources(ctx, flags, recorder));
}

function updateResources(ctx: VerbContext, flags: ParsedFlags, recorder: Recorder): ExecResult {
  // Complete: the dry-run strategy, the printer, then the builder.
  const dryRun = dryRunStrategy(flags, ctx);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  const print = createPrinter(flags, dryRun, ctx.readFile, 'resource requirements updated');
  if ('error' in print) return fail(print.error);
  const selector = flagString(flags, 'selector');
  const all = flagBool(flags, 'all');
  const local = flagBool(flags, 'local');
  const targets = podTemplateTargets(ctx, flags, { resources: flags.args, filenames: flagArray(flags, 'filename'), selector, all, local });
  if ('stderr' in targets) return { exitCode: 1, stdout: '', stderr: targets.stderr };
  // Validate, one error at a time.
  const limitsText = flagString(flags, 'limits') ?? '';
  const requestsText = flagString(flags, 'requests') ?? '';
  const refuse = (message: string): ExecResult => ({ exitCode: 1, stdout: '', stderr: checkErr([{ message }]) });
  if (local && dryRun === 'server') return refuse('cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
  if (all && selector) return refuse('cannot set --all and --selector at the same time');
  if (limitsText === '' && requestsText === '') return refuse('you must specify an update to requests or limits (in the form of --requests/--limits)');
  const limits = parseResourceList(limitsText);
  if ('error' in limits) return refuse(limits.error);
  const requests = parseResourceList(requestsText);
  if ('error' in requests) return refuse(requests.error);
  const containers = flagString(flags, 'containers') ?? '*';
  return patchPodTemplates(ctx, targets, {
    dryRun,
    print,
    recorder,
    command: 'set resources',
    failed: 'failed to patch resources update to pod template ',
    update(spec: PodSpec) {
      const changed = changePicked(spec, containers, (c) => withRequirements(c, limits.list, requests.list));
      const errors: CmdError[] = changed.picked.length > 0 ? [] : [{ message: `error: unable to find container named ${containers}` }];
      return { spec: changed.spec, errors };
    },
  });
}
