/** Session files round-trip exactly, and anything else is refused with a message naming the file. */
import { describe, expect, it } from 'vitest';
import { readSessionFile, sessionFile } from '../../../src/ui/share/session-file.js';
import { emptyLog } from '../../../src/ui/worker/session-log.js';

const SESSION = { log: { ...emptyLog(2), commands: [{ line: 'sim node add a' }, { line: 'kubectl apply -f x.yaml', files: { 'x.yaml': 'kind: X\n' } }] }, files: { 'x.yaml': 'kind: Y\n' }, position: 1 };

describe('session files', () => {
  it('round-trips a session', () => {
    const text = sessionFile(SESSION);
    expect(JSON.parse(text)).toMatchObject({ kind: 'everynode-session', version: 1 });
    expect(readSessionFile('s.json', text)).toEqual({ session: SESSION });
  });

  it('refuses other files, naming the file and the field', () => {
    expect(readSessionFile('a.json', '{')).toEqual({ error: expect.stringMatching(/^a\.json is not a session file: it is not JSON/) });
    expect(readSessionFile('b.json', '{"log": {}}')).toEqual({ error: 'b.json is not a session file: it has no "kind": "everynode-session".' });
    expect(readSessionFile('c.json', '{"kind": "everynode-session", "version": 2}')).toEqual({ error: 'c.json is a session file of version 2; this page reads version 1.' });
    expect(readSessionFile('d.json', sessionFile({ ...SESSION, position: 9 }))).toEqual({ error: 'd.json cannot be opened: position must be a whole number from 0 to 2.' });
  });
});
