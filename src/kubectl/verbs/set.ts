/**
 * `kubectl set image (-f FILENAME | TYPE NAME | TYPE/NAME | -l SEL | --all) CONTAINER=IMAGE...
 * [--local] [--dry-run] [-o FORMAT]` (kubectl `pkg/cmd/set/set_image.go`: `Complete`, `Validate`,
 * `Run`; `setImage`; `polymorphichelpers.UpdatePodSpecForObject`; cli-runtime's builder with
 * `WithScheme`, `LocalParam`, `FilenameParam`, `Latest`). `*` names every container. `kubectl
 * set resources` is set-resources.ts; the other subcommands are refused.
 *
 * - The objects: `TYPE NAME`, `-l`, `--all`, or `-f FILE` (`-f -` reads stdin), which names live
 *   objects fetched again (file-visit.ts `visitFiles` with `Latest()`: `-l` judges the live labels,
 *   and with `-n` an object the file puts elsewhere is refused once fetched). With `--local` the
 *   objects of the files themselves, decoded into their Go types (set-local.ts); nothing is
 *   sent (set-pod-template.ts `podTemplateTargets`).
 * - As upstream, `Complete` resolves the objects (builder errors, NotFound: nothing is changed)
 *   before `Validate` checks the image arguments.
 * - An unknown container is `error: unable to find container named "x"`; what is left out,
 *   written and printed is set-pod-template.ts's (`daemonset.apps/NAME image updated`).
 * - `-R` is accepted and changes nothing (`-f` names editor files, never directories);
 *   `--show-managed-fields` changes nothing either: the playground keeps no managedFields.
 */
import type { Container } from '../../sim/api/types.js';
import type { Verb, VerbContext } from '../context.js';
import { flagArray, flagBool, flagString, parseFlags, type FlagSpec, type ParsedFlags } from '../flags.js';
import { recorderFor, type Recorder } from '../record.js';
import { afterWarning, fail, type ExecResult } from '../result.js';
import { checkErr, type CmdError } from './check-err.js';
import { createPrinter } from './create-printer.js';
import { dryRunStrategy } from './dry-run.js';
import { splitResourcesAndPairs } from './metadata-edit.js';
import { patchPodTemplates, podTemplateTargets, SET_FLAGS } from './set-pod-template.js';
import { setEnv } from './set-env.js';
import { setResources } from './set-resources.js';

export const FLAGS: readonly FlagSpec[] = SET_FLAGS;

export const set: Verb = (ctx, argv) => {
  const [sub, ...rest] = argv;
  if (sub === 'image') return setImage(ctx, rest);
  if (sub === 'resources') return setResources(ctx, rest);
  if (sub === 'env') return setEnv(ctx, rest);
  // Without a subcommand, kubectl prints this command's help (help/dispatch.ts answers before this runs).
  if (sub === undefined) return fail(`error: unknown command ""\nSee 'kubectl set -h' for help and examples`);
  if (['selector', 'serviceaccount', 'subject'].includes(sub)) {
    return fail(`error: "kubectl set ${sub}" is not supported in this playground; only "kubectl set image", "set env" and "set resources" are`);
  }
  // DefaultSubCommandRun → RequireNoArguments: UsageErrorf(cmd, "unknown command %q", strings.Join(args, " ")).
  return fail(`error: unknown command ${JSON.stringify(argv.join(' '))}\nSee 'kubectl set -h' for help and examples`);
};

function setImage(ctx: VerbContext, argv: readonly string[]): ExecResult {
  const flags = parseFlags(argv, FLAGS, 'set image');
  if ('error' in flags) return fail(flags.error);
  // cobra prints the deprecation notice while parsing, before anything else.
  const recorder = recorderFor(['set', 'image'], flags);
  const r = updateImages(ctx, flags, recorder);
  return afterWarning(recorder.warning, r);
}

function updateImages(ctx: VerbContext, flags: ParsedFlags, recorder: Recorder): ExecResult {
  const dryRun = dryRunStrategy(flags, ctx);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  const print = createPrinter(flags, dryRun, ctx.readFile, 'image updated');
  if ('error' in print) return fail(print.error);
  const split = splitResourcesAndPairs(flags.args, 'image');
  if ('error' in split) return fail(split.error);
  const images: [string, string][] = [];
  for (const p of split.pairs) {
    const eq = p.indexOf('=');
    if (eq < 0) return fail(`error: invalid image format: ${p}`);
    images.push([p.slice(0, eq), p.slice(eq + 1)]);
  }
  // Complete: the resource builder runs before Validate, so its errors come first; any of them
  // (a NotFound too: Infos() fails) stops the command before anything is updated.
  const selector = flagString(flags, 'selector');
  const all = flagBool(flags, 'all');
  const local = flagBool(flags, 'local');
  const targets = podTemplateTargets(ctx, flags, { resources: split.resources, filenames: flagArray(flags, 'filename'), selector, all, local });
  if ('stderr' in targets) return { exitCode: 1, stdout: '', stderr: targets.stderr };
  // Validate.
  const problems: string[] = [];
  if (all && selector) problems.push('cannot set --all and --selector at the same time');
  if (images.length < 1) problems.push('at least one image update is required');
  else if (images.length > 1 && images.some(([n]) => n === '*'))
    problems.push('all containers are already specified by *, but saw more than one container_name=container_image pairs');
  if (local && dryRun === 'server') problems.push('cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
  if (problems.length > 0) return { exitCode: 1, stdout: '', stderr: checkErr(problems.map((message) => ({ message }))) };

  // Run: CalculatePatches reports unknown containers for every object before the loop that
  // reports the objects without a pod template and sends the patches.
  return patchPodTemplates(ctx, targets, {
    dryRun,
    print,
    recorder,
    command: 'set image',
    failed: 'failed to patch image update to pod template: ',
    update(spec) {
      let containers = spec.containers;
      let initContainers = spec.initContainers;
      const errors: CmdError[] = [];
      for (const [name, image] of images) {
        const init = withImage(initContainers, name, image);
        const main = withImage(containers, name, image);
        initContainers = init.list;
        containers = main.list;
        if (!init.found && !main.found) errors.push({ message: `error: unable to find container named ${JSON.stringify(name)}` });
      }
      return { spec: { ...spec, containers, ...(initContainers ? { initContainers } : {}) }, errors };
    },
  });
}

/** `setImage` on one list: the list with the image set on the named containers (as it was when none matched). */
function withImage<L extends readonly Container[] | undefined>(list: L, name: string, image: string): { list: L; found: boolean } {
  if (!list?.some((c) => c.name === name || name === '*')) return { list, found: false };
  return { list: list.map((c) => (c.name === name || name === '*' ? { ...c, image } : c)) as readonly Container[] as L, found: true };
}
