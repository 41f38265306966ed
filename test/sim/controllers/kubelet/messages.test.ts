import { describe, expect, it } from 'vitest';
import { imageSize } from '../../../../src/sim/controllers/kubelet/images.js';
import { createdMessage, killingMessage, presentMessage, pulledMessage, pullingMessage, startedMessage } from '../../../../src/sim/controllers/kubelet/messages.js';

describe('kubelet event messages', () => {
  it('words each message as a v1.34 kubelet does', () => {
    expect(pullingMessage('nginx:1.27')).toBe('Pulling image "nginx:1.27"');
    expect(presentMessage('nginx:1.27')).toBe('Container image "nginx:1.27" already present on machine');
    expect(createdMessage('agent')).toBe('Created container: agent');
    expect(startedMessage('agent')).toBe('Started container agent');
    expect(killingMessage('agent')).toBe('Stopping container agent');
    expect(pulledMessage('nginx:1.27', 5000, 7000)).toBe(`Successfully pulled image "nginx:1.27" in 5s (7s including waiting). Image size: ${imageSize('nginx:1.27')} bytes.`);
  });

  it('gives the Pulled message of other durations when a pull took a different time', () => {
    const first = pulledMessage('registry.example/a:1', 5000, 5000);
    expect(pulledMessage('registry.example/a:1', 5000, 5000)).toBe(first);
    expect(pulledMessage('registry.example/a:1', 5000, 10000)).toContain('in 5s (10s including waiting)');
    expect(pulledMessage('registry.example/a:1', 0, 0)).toContain('in 0s (0s including waiting)');
    expect(pulledMessage('registry.example/a:1', 5000, 5000)).toBe(first);
  });
});
