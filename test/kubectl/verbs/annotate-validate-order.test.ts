/**
 * The order of `kubectl annotate`'s checks (kubectl v1.34 `pkg/cmd/annotate/annotate.go`
 * `ToOptions`): a key both set and removed (`validateAnnotations`) is the last check, after
 * `--all` beside a selector, the resources and `--local` checks, and "at least one annotation
 * update". Label makes the same check while parsing its pairs (`parseLabels`), so first.
 * Expected texts recorded from kubectl 1.32 (all of these come before any request).
 */
import { describe, expect, it } from 'vitest';
import { addPod, expectUnchanged, fixture } from './mutating-fixture.js';

const failed = (stderr: string) => ({ exitCode: 1, stdout: '', stderr });

describe('kubectl annotate: set and removed at once', () => {
  it('is refused after every other check of the flags', () => {
    const f = fixture();
    addPod(f.cluster, { name: 'web' });
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl annotate pods --all -l a=b x=1 x-')).toEqual(failed('error: cannot set --all and --selector at the same time\n'));
      expect(f.run('kubectl annotate pods --all --field-selector a=b x=1 x-')).toEqual(failed('error: cannot set --all and --field-selector at the same time\n'));
      expect(f.run('kubectl annotate x=1 x-')).toEqual(failed('error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n'));
      expect(f.run('kubectl annotate pods web x=1 x- --local')).toEqual(
        failed('error: can only use local files by -f rsrc.yaml or --filename=rsrc.json when --local=true is set\n'),
      );
    });
  });

  it('is refused on its own, naming every such key, also with --list', () => {
    const f = fixture();
    addPod(f.cluster, { name: 'web' });
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl annotate pods web x=1 x- y=2 y-')).toEqual(
        failed('error: can not both modify and remove the following annotation(s) in the same command: x, y\n'),
      );
      expect(f.run('kubectl annotate pods web x=1 x- --list')).toEqual(
        failed('error: can not both modify and remove the following annotation(s) in the same command: x\n'),
      );
    });
  });

  it('label refuses it while parsing, before --all beside a selector', () => {
    const f = fixture();
    expect(f.run('kubectl label pods --all -l a=b x=1 x-')).toEqual(failed('error: can not both modify and remove a label in the same command\n'));
  });
});
