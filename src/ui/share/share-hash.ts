/**
 * Whether the address carries a share link, told apart from link.ts: every page asks at start,
 * while the decoder (and fflate with it) loads only when there is a link to open.
 */

/** The hash parameter that carries a shared session. */
export const SHARE_PARAM = 'share';

/** Whether a hash carries a shared session at all (other hashes are left to the page). */
export function isShareHash(hash: string): boolean {
  return hash.startsWith(`#${SHARE_PARAM}=`);
}
