/**
 * Share links: a shared session (shared-session.ts) in the URL's hash as
 * `#share=v1.PAYLOAD`, PAYLOAD the session's JSON compressed with zlib (fflate) and written in
 * base64url. The `v1` is the link format: every format ever written keeps its decoder, so old
 * links keep opening; a link of a newer format says so. zlib's checksum catches a damaged or
 * edited payload, and the decoded JSON is checked field by field before anything uses it.
 */
import { strFromU8, strToU8, unzlibSync, zlibSync } from 'fflate';
import { ENGINE_VERSION } from '../worker/session-log.js';
import { checkShared, type SharedSession } from './shared-session.js';
import { isShareHash, SHARE_PARAM as PARAM } from './share-hash.js';

/** The link format this page writes. */
export const LINK_FORMAT = 1;

/** The biggest session a link may inflate to; a bigger one is refused (a zip bomb, or not a session). */
const MAX_JSON_BYTES = 16 * 1024 * 1024;

export type Opened =
  | {
      readonly session: SharedSession;
      /** Said before opening: the link came from another engine version. */
      readonly note?: string;
    }
  | { readonly error: string };

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The hash (`#share=v1....`) that opens `session`. */
export function encodeShare(session: SharedSession): string {
  return `#${PARAM}=v${LINK_FORMAT}.${toBase64Url(zlibSync(strToU8(JSON.stringify(session)), { level: 9 }))}`;
}

/** The decoder of each link format ever written, by its number. */
const DECODERS: Readonly<Record<number, (payload: string) => unknown>> = {
  1: (payload) => {
    const bytes = fromBase64Url(payload);
    if (!bytes) throw new Error('it is not base64url text');
    let raw: Uint8Array;
    try {
      raw = unzlibSync(bytes);
    } catch {
      throw new Error('its data is damaged or cut off');
    }
    if (raw.length > MAX_JSON_BYTES) throw new Error(`it holds more than ${MAX_JSON_BYTES} bytes`);
    try {
      return JSON.parse(strFromU8(raw));
    } catch {
      throw new Error('its data is damaged or cut off');
    }
  },
};

/** Reads a share hash: the session it carries (with a note when another engine wrote it), or why it cannot open. */
export function decodeShare(hash: string): Opened {
  const body = hash.slice(PARAM.length + 2);
  const m = /^v(\d+)\.(.*)$/s.exec(body);
  if (!isShareHash(hash) || !m) return { error: 'This link has no shared session in it (it should end in #share=v1.…).' };
  const version = Number(m[1]);
  const decode = DECODERS[version];
  if (!decode) {
    return { error: version > LINK_FORMAT ? `This link was made by a newer Everynode (link format ${version}); this page reads link formats up to ${LINK_FORMAT}.` : `This link has an unknown format (${version}).` };
  }
  let value: unknown;
  try {
    value = decode(m[2]!);
  } catch (e) {
    return { error: `This link cannot be opened: ${(e as Error).message}. Was it copied whole?` };
  }
  const checked = checkShared(value);
  if ('error' in checked) return { error: `This link cannot be opened: ${checked.error}.` };
  const engine = checked.ok.log.engine;
  return {
    session: checked.ok,
    ...(engine !== ENGINE_VERSION ? { note: `This link was made by ${engine}; this page runs ${ENGINE_VERSION}, so the cluster may differ from what its author saw.` } : {}),
  };
}
