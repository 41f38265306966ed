/**
 * The names and uids the Event recorders give their Events (events.ts, events-v1.ts share one
 * sequence): out of the recorder so that the store's packed Event rows (store/packed-events.ts)
 * can make a packed Event's uid again from its number rather than keep the string.
 */
import { fromCodes, newRngState, putHex, quickUid, reseed } from './rng.js';

/** `0` to `f`, and `00` to `ff`: the middle's hex digits are picked from these rather than formatted. */
const HEX_DIGIT = Array.from({ length: 16 }, (_, i) => i.toString(16));
const HEX_PAIR = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * The char codes of the middle of the last Event name made, `.<clock in hex><the sequence's
 * first three digits>`, and the instant and run of 256 numbers it is for: one instant names
 * thousands of Events in runs of 256, and hexing a double is slow.
 */
let middleMs = NaN;
let middleRun = -1;
let middleCodes: number[] = [];

/**
 * An Event name's char codes by the name's length, reused, with the object name and the middle
 * codes they were last written with: an object's events come in runs (a pod's Scheduled,
 * Pulling, Pulled, Created, Started; a node's conditions), and a name of the run differs from
 * the one before only in its last two digits, so only those are written again.
 */
interface NameCodes {
  readonly codes: number[];
  objectName: string;
  middle: number[] | undefined;
}
const NAME_CODES: (NameCodes | undefined)[] = [];

/**
 * `<object>.<clock in hex><sequence in hex>`, made flat in one piece from its char codes (the
 * object's, the middle's, made once per instant and run, and the sequence's last two digits):
 * the name is kept for the Event's hour, and a rope would cost 32 bytes more per piece. The
 * sequence's five digits are its number modulo 16^5. Joining three pieces allocated a slot per
 * piece as well as the name (87 bytes a name against 47, and slower).
 */
export function eventName(now: number, objectName: string, seq: number): string {
  const run = (seq >>> 8) & 4095;
  if (now !== middleMs || run !== middleRun) {
    middleMs = now;
    middleRun = run;
    const middle = ['.', Math.floor(now).toString(16), HEX_DIGIT[run >>> 8]!, HEX_PAIR[run & 255]!].join('');
    middleCodes = Array.from(middle, (ch) => ch.charCodeAt(0));
  }
  const n = objectName.length;
  const middle = middleCodes;
  const m = middle.length;
  const length = n + m + 2;
  const kept = (NAME_CODES[length] ??= {
    codes: new Array<number>(length).fill(0),
    objectName: '',
    middle: undefined,
  });
  const codes = kept.codes;
  // Each part written only when it changed: a fleet build's 65,000 names switch objects about
  // 35,000 times but middles only about 250 (a middle of another length comes with an object
  // name of another length too, so the object part is then written as well).
  if (kept.objectName !== objectName) {
    for (let i = 0; i < n; i++) codes[i] = objectName.charCodeAt(i);
    kept.objectName = objectName;
  }
  if (kept.middle !== middle) {
    for (let i = 0; i < m; i++) codes[n + i] = middle[i]!;
    kept.middle = middle;
  }
  putHex(codes, length - 2, seq, 6, 2);
  return fromCodes(codes);
}

/**
 * The generator each Event uid is drawn from, seeded afresh with the Event's number: one state
 * for all, where a new one per Event was an object and a boxed number of garbage.
 */
const uidState = newRngState(0);

/** The uid of the Event numbered `seq`: what `quickUid(newRngState(seq + 1))` gives. */
export function eventUid(seq: number): string {
  reseed(uidState, seq + 1);
  return quickUid(uidState);
}
