/**
 * Share links: a session survives the round trip through the hash exactly, a link written by an
 * earlier page still opens (the fixture below must keep decoding as long as the project lives),
 * and a damaged, edited or foreign hash is refused with a reason.
 */
import { strToU8, zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeShare, encodeShare, toBase64Url } from '../../../src/ui/share/link.js';
import { isShareHash } from '../../../src/ui/share/share-hash.js';
import type { SharedSession } from '../../../src/ui/share/shared-session.js';
import { ENGINE_VERSION, emptyLog } from '../../../src/ui/worker/session-log.js';

const DS = 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: a}\nspec:\n  selector: {matchLabels: {app: a}}\n  template:\n    metadata: {labels: {app: a}}\n    spec: {containers: [{name: a, image: a:1}]}\n';

const SESSION: SharedSession = {
  log: {
    ...emptyLog(7),
    commands: [{ line: 'sim node add node-{1..3}' }, { line: 'kubectl apply -f ds.yaml', files: { 'ds.yaml': DS } }, { line: 'kubectl apply -f -', stdin: 'kind: Namespace\n' }],
    branches: [[{ line: 'sim node add other' }]],
  },
  files: { 'ds.yaml': DS, 'notes.yaml': '# ünïcode ✓\n' },
  position: 1,
  lesson: { id: 'daemonset-basics', step: 2 },
};

/** A link written by link format 1 for an engine older than this one. Never regenerate it. */
const OLD_V1 =
  '#share=v1.eNptkLFuwzAMRH-F4Oy4cbpp7titQJe4A2MxrhCJMiw1gCHo30u7SBEg2Sjx3RF3BX0c0RQ8xzlQRtM1yDI6YTTIV54XiZZh3-7bDhtMzBbNa4NDDIHEJjRHtfjDkwuw0WTtNuxK17aHirX5Zy4_Jx6yB5omv8DuDDa1CwWv3mfnWf0K3r4M0uQ-eU4uilkV6eXa9XJxYg28EYcoH5x7CZzJUiYDRSiworWXNPFgegFI7PVinHWrAYfvdzqxT_pSwxVVFiBzmDxl3hQAd47-Ga6uqz2UIUomTTYrcbxdb8AFGtfJdPVLBVjvGlhbSpyzZ9Tl09gPCbVBnGJyWZtAc6i_FWaVDA';

const hashOf = (value: unknown) => `#share=v1.${toBase64Url(zlibSync(strToU8(JSON.stringify(value))))}`;

describe('share links', () => {
  it('round-trips a session exactly, with no note for links of this engine', () => {
    const hash = encodeShare(SESSION);
    expect(isShareHash(hash)).toBe(true);
    expect(hash).toMatch(/^#share=v1\.[A-Za-z0-9_-]+$/);
    expect(decodeShare(hash)).toEqual({ session: SESSION });
  });

  it('opens a link an older engine wrote, and says so', () => {
    const opened = decodeShare(OLD_V1);
    expect('session' in opened && opened.session).toEqual({
      log: {
        format: 1,
        engine: 'everynode 0.0.1',
        seed: 3,
        commands: [{ line: 'sim node add node-{1..2}' }, { line: 'kubectl apply -f ds.yaml', files: { 'ds.yaml': DS } }, { line: 'sim settle' }],
      },
      files: { 'ds.yaml': 'kind: DaemonSet\n' },
      position: 2,
    });
    expect('note' in opened && opened.note).toBe(`This link was made by everynode 0.0.1; this page runs ${ENGINE_VERSION}, so the cluster may differ from what its author saw.`);
  });

  it('refuses a damaged payload: a changed character, a cut-off link, not base64url', () => {
    const hash = encodeShare(SESSION);
    const mid = hash.length - 20;
    const flipped = hash.slice(0, mid) + (hash[mid] === 'A' ? 'B' : 'A') + hash.slice(mid + 1);
    for (const bad of [flipped, hash.slice(0, hash.length - 30), '#share=v1.not*base64']) {
      expect(decodeShare(bad)).toEqual({ error: expect.stringMatching(/^This link cannot be opened: (its data is damaged or cut off|it is not base64url text)\. Was it copied whole\?$/) });
    }
  });

  it('refuses well-formed data that is not a session, naming the field', () => {
    expect(decodeShare(hashOf({ log: { ...emptyLog(), commands: [{ line: 3 }] }, files: {} }))).toEqual({ error: 'This link cannot be opened: log.commands[0] must have a "line" of text.' });
    expect(decodeShare(hashOf({ log: emptyLog(), files: { a: 1 } }))).toEqual({ error: 'This link cannot be opened: files["a"] must be text.' });
    expect(decodeShare(hashOf({ log: { ...emptyLog(), format: 9 }, files: {} }))).toEqual({ error: 'This link cannot be opened: this session log has format 9; this page reads formats 1 and 2.' });
    expect(decodeShare(hashOf({ log: { ...emptyLog(), commands: [{ line: 'sim settle', end: '5s' }] }, files: {} }))).toEqual({ error: 'This link cannot be opened: log.commands[0].end must be a number.' });
    expect(decodeShare(hashOf({ log: emptyLog(), files: {}, position: 4 }))).toEqual({ error: 'This link cannot be opened: position must be a whole number from 0 to 0.' });
    expect(decodeShare(hashOf({ log: emptyLog(), files: {}, lesson: { id: 'x', step: -1 } }))).toEqual({ error: 'This link cannot be opened: lesson.step must be a whole number from 0.' });
    expect(decodeShare(hashOf([1, 2]))).toEqual({ error: 'This link cannot be opened: the session must be an object.' });
  });

  it('keeps the times of a command and where a rewind cut it, so the link opens the moment shown', () => {
    const cut = { line: 'sim advance 1m', start: 0, end: 30_000, cut: true as const };
    expect(decodeShare(hashOf({ log: { ...emptyLog(), commands: [cut] }, files: {} }))).toEqual({ session: { log: { ...emptyLog(), commands: [cut] }, files: {} } });
  });

  it('keeps only the fields it knows, so nothing unexpected reaches the page', () => {
    const opened = decodeShare(hashOf({ log: { ...emptyLog(), commands: [{ line: 'sim settle', run: 'alert(1)' }], extra: 1 }, files: {}, script: 'x' }));
    expect(opened).toEqual({ session: { log: { ...emptyLog(), commands: [{ line: 'sim settle' }] }, files: {} } });
  });

  it('carries a lesson step and run progress, and still opens lesson links without them', () => {
    const progress = {
      format: 1,
      lesson: 'L1',
      stepsDone: ['apply-as-is'],
      predictions: { 'l1-predict': { answer: 'The apply is rejected and nothing is created.', correct: true } },
      hintsShown: [0],
      solved: false,
      completed: false,
      buffers: { 'start/log-agent.yaml': DS },
      log: [{ run: 'apply-as-is', files: { 'start/log-agent.yaml': DS } }, { exec: 'kubectl apply -f -', stdin: DS }, { exec: 'sim advance 10m', until: 1_700_000_030_000 }, { next: 'explore' }, { solve: true }],
    } as const;
    const withLesson: SharedSession = { ...SESSION, lesson: { id: 'L1', step: 1, progress } };
    expect(decodeShare(encodeShare(withLesson))).toEqual({ session: withLesson });
    // Links made before steps and progress travelled: the lesson alone, or with a step only.
    expect(decodeShare(hashOf({ log: emptyLog(), files: {}, lesson: { id: 'L1' } }))).toEqual({ session: { log: emptyLog(), files: {}, lesson: { id: 'L1' } } });
    expect(decodeShare(hashOf({ log: emptyLog(), files: {}, lesson: { id: 'L1', step: 3 } }))).toEqual({ session: { log: emptyLog(), files: {}, lesson: { id: 'L1', step: 3 } } });
    // Unknown fields of the progress are dropped, not carried.
    const extra = decodeShare(hashOf({ log: emptyLog(), files: {}, lesson: { id: 'L1', progress: { ...progress, script: 'x', log: [{ exec: 'sim settle', eval: 'x' }] } } }));
    expect('session' in extra && extra.session.lesson?.progress).toEqual({ ...progress, log: [{ exec: 'sim settle' }] });
  });

  it('refuses a lesson progress that is off, naming the field', () => {
    const base = { format: 1, lesson: 'L1', stepsDone: [], predictions: {}, hintsShown: [], solved: false, completed: false, buffers: {}, log: [] };
    const refused = (progress: object) => decodeShare(hashOf({ log: emptyLog(), files: {}, lesson: { id: 'L1', progress } }));
    expect(refused({ ...base, lesson: 'L2' })).toEqual({ error: 'This link cannot be opened: lesson.progress.lesson must be the lesson\'s id, "L1".' });
    expect(refused({ ...base, log: [{ exec: 1 }] })).toEqual({ error: 'This link cannot be opened: lesson.progress.log[0] must have "exec", "run" or "next" text, or "solve": true.' });
    expect(refused({ ...base, log: [{ exec: 'sim advance 1m', until: '30s' }] })).toEqual({ error: 'This link cannot be opened: lesson.progress.log[0].until must be a virtual time in milliseconds.' });
    expect(refused({ ...base, buffers: { a: 1 } })).toEqual({ error: 'This link cannot be opened: lesson.progress.buffers["a"] must be text.' });
    expect(refused({ ...base, stepsDone: [1] })).toEqual({ error: 'This link cannot be opened: lesson.progress.stepsDone must be a list of step ids.' });
    expect(refused({ ...base, predictions: { p: { answer: {} } } })).toEqual({ error: 'This link cannot be opened: lesson.progress.predictions["p"] must have an "answer" and "correct".' });
  });

  it('says when a link is of a newer format, and refuses other hashes', () => {
    expect(decodeShare('#share=v2.abc')).toEqual({ error: 'This link was made by a newer Everynode (link format 2); this page reads link formats up to 1.' });
    expect(decodeShare('#share=xyz')).toEqual({ error: 'This link has no shared session in it (it should end in #share=v1.…).' });
    expect(isShareHash('#section-2')).toBe(false);
  });
});
