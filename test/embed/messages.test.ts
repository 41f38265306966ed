import { describe, expect, it } from 'vitest';
import { allowedOrigin, MAX_TEXT, parseHostMessage } from '../../src/embed/messages.js';

describe('parseHostMessage', () => {
  it('accepts each request of the API', () => {
    expect(parseHostMessage({ everynode: 1, type: 'run', id: 1, text: 'kubectl get pods' })).toEqual({ everynode: 1, type: 'run', id: 1, text: 'kubectl get pods' });
    expect(parseHostMessage({ everynode: 1, type: 'load', id: 2, yaml: 'kind: Pod' })).toEqual({ everynode: 1, type: 'load', id: 2, yaml: 'kind: Pod' });
    for (const type of ['play', 'pause', 'reset']) expect(parseHostMessage({ everynode: 1, type, id: 0 })).toEqual({ everynode: 1, type, id: 0 });
  });

  it('rejects anything malformed', () => {
    const bad: unknown[] = [
      null,
      'run',
      [],
      42,
      {},
      { everynode: 2, type: 'run', id: 1, text: 'x' },
      { type: 'run', id: 1, text: 'x' },
      { everynode: 1, type: 'exec', id: 1, text: 'x' },
      { everynode: 1, type: 'run', id: '1', text: 'x' },
      { everynode: 1, type: 'run', id: -1, text: 'x' },
      { everynode: 1, type: 'run', id: 1.5, text: 'x' },
      { everynode: 1, type: 'run', id: 1 },
      { everynode: 1, type: 'run', id: 1, text: 7 },
      { everynode: 1, type: 'run', id: 1, text: 'x'.repeat(MAX_TEXT + 1) },
      { everynode: 1, type: 'run', id: 1, text: 'x', files: {} },
      { everynode: 1, type: 'load', id: 1, text: 'x' },
      { everynode: 1, type: 'play', id: 1, text: 'x' },
      { everynode: 1, type: 'reset' },
      { everynode: 1, type: '__proto__', id: 1 },
    ];
    for (const data of bad) expect(parseHostMessage(data), JSON.stringify(data)?.slice(0, 80)).toBeUndefined();
  });
});

describe('allowedOrigin', () => {
  it('takes an exact origin (a trailing slash is fine)', () => {
    expect(allowedOrigin('https://docs.example.com')).toBe('https://docs.example.com');
    expect(allowedOrigin('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
  });

  it('refuses no origin, a path, a wildcard and other schemes', () => {
    for (const v of [null, '', '*', 'https://docs.example.com/page', 'javascript:alert(1)', 'data:text/html,x', 'null', 'docs.example.com']) {
      expect(allowedOrigin(v), String(v)).toBeUndefined();
    }
  });
});
