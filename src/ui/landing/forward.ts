/**
 * Old links keep working: the playground used to be the site's root, so a share link made then
 * is `ROOT#share=...`. The landing page forwards such a link to the playground with the same
 * hash (main.ts does, with `page-start.ts`, before anything mounts), where the share dialog's "open" asks as ever.
 */
import { isShareHash } from '../share/share-hash.js';
import { playgroundUrl } from '../shell/page.js';

/** Where a root URL with this hash belongs, or undefined when it is the landing page's own. */
export function shareForward(hash: string, root: string): string | undefined {
  return isShareHash(hash) ? playgroundUrl(root) + hash : undefined;
}
