import { describe, expect, it } from 'vitest';
import { addDaemonSet, addPod, expectUnchanged, fixture } from './mutating-fixture.js';

const image = (f: ReturnType<typeof fixture>) => f.cluster.store.get('DaemonSet', 'default', 'log-agent')?.spec.template.spec.containers.map((c) => c.image);

describe('kubectl set image', () => {
  it('updates the named container of a DaemonSet, in both spellings', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expect(f.run('kubectl set image ds/log-agent agent=registry.example/log-agent:1.1')).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent image updated\n', stderr: '' });
    expect(image(f)).toEqual(['registry.example/log-agent:1.1']);
    expect(f.run('kubectl set image daemonset log-agent agent=registry.example/log-agent:1.2').stdout).toBe('daemonset.apps/log-agent image updated\n');
    expect(image(f)).toEqual(['registry.example/log-agent:1.2']);
    expect(f.cluster.store.get('DaemonSet', 'default', 'log-agent')?.metadata.generation).toBe(3);
  });

  it('* sets every container; the same image again prints nothing', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expect(f.run('kubectl set image ds/log-agent *=x:2').stdout).toBe('daemonset.apps/log-agent image updated\n');
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl set image ds/log-agent agent=x:2')).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    });
  });

  it('an unknown container is an error and changes nothing', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl set image ds/log-agent nope=x:2')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: unable to find container named "nope"\n' });
    });
  });

  it('works on pods; -n picks the namespace', () => {
    const f = fixture();
    addPod(f.cluster, { name: 'tool', namespace: 'kube-system' });
    expect(f.run('kubectl set image -n kube-system pod/tool main=registry.example/app:2.0').stdout).toBe('pod/tool image updated\n');
    expect(f.cluster.store.get('Pod', 'kube-system', 'tool')?.spec.containers[0]?.image).toBe('registry.example/app:2.0');
  });

  it('argument errors', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl set image ds/nope agent=x').stderr).toBe('Error from server (NotFound): daemonsets.apps "nope" not found\n');
      expect(f.run('kubectl set image ds/log-agent').stderr).toBe('error: at least one image update is required\n');
      expect(f.run('kubectl set image ds/log-agent *=a agent=b').stderr).toBe('error: all containers are already specified by *, but saw more than one container_name=container_image pairs\n');
      expect(f.run('kubectl set serviceaccount ds/log-agent builder').stderr).toBe(
        'error: "kubectl set serviceaccount" is not supported in this playground; only "kubectl set image", "set env" and "set resources" are\n',
      );
      expect(f.run('kubectl set frobnicate ds/log-agent').stderr).toBe('error: unknown command "frobnicate ds/log-agent"\nSee \'kubectl set -h\' for help and examples\n');
    });
  });

  it('resolves the objects before checking the images, and a NotFound changes nothing (Complete before Validate)', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl set image ds log-agent nope agent=x').stderr).toBe('Error from server (NotFound): daemonsets.apps "nope" not found\n');
      expect(f.run('kubectl set image ds/log-agent agent').stderr).toBe(
        "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'\n",
      );
      expect(f.run('kubectl set image agent=x').stderr).toBe(
        "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n",
      );
    });
  });

  it('--dry-run=client prints and changes nothing', () => {
    const f = fixture();
    addDaemonSet(f.cluster);
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl set image ds/log-agent agent=x:3 --dry-run=client').stdout).toBe('daemonset.apps/log-agent image updated (dry run)\n');
    });
  });
});
