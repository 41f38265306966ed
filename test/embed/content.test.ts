// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dedent, fileName, inlineContent, kindOfUrl } from '../../src/embed/content.js';

describe('widget content', () => {
  it('names the kind of a src URL by its extension', () => {
    expect(kindOfUrl('examples/a.sh')).toBe('script');
    expect(kindOfUrl('/a/b.TXT?x=1')).toBe('script');
    expect(kindOfUrl('ds.yaml#top')).toBe('yaml');
    expect(kindOfUrl('ds.yml')).toBe('yaml');
    expect(kindOfUrl('ds.json')).toBeUndefined();
    expect(kindOfUrl('script.sh.js')).toBeUndefined();
  });

  it('makes a file name safe for -f NAME from a URL', () => {
    expect(fileName('https://x.example/dir/log agent.yaml?v=2', 'manifest.yaml')).toBe('logagent.yaml');
    expect(fileName('', 'manifest.yaml')).toBe('manifest.yaml');
    expect(fileName('$(rm).yaml', 'manifest.yaml')).toBe('rm.yaml');
  });

  it('removes the indentation an author gives inline text', () => {
    expect(dedent('\n    sim node add a\n      kubectl get nodes\n  ')).toBe('sim node add a\n  kubectl get nodes\n');
  });

  it('reads the first inline session script or manifests among the children, never running them', () => {
    const host = document.createElement('div');
    host.innerHTML = '<p>text</p><script type="text/yaml" data-name="ds.yaml">\n  kind: DaemonSet\n</script><script type="text/x-everynode">sim settle</script>';
    expect(inlineContent(host)).toEqual({ kind: 'yaml', text: 'kind: DaemonSet\n', name: 'ds.yaml' });
    host.innerHTML = '<script type="text/x-everynode">\n  sim node add a\n</script>';
    expect(inlineContent(host)).toEqual({ kind: 'script', text: 'sim node add a\n', name: 'session' });
    host.innerHTML = '<script type="module">1</script>';
    expect(inlineContent(host)).toBeUndefined();
  });
});
