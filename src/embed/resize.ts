/**
 * The host page's resize script (`everynode-resize.js`, a classic script any origin may load):
 * each Everynode iframe on the page takes the height its content reports. A message counts only
 * when it comes from one of this page's iframes and from the origin that iframe was loaded from,
 * and only when it is a well-formed height message; everything else is ignored.
 */
import { parseHeightMessage } from './height-message.js';

addEventListener('message', (ev: MessageEvent) => {
  const msg = parseHeightMessage(ev.data);
  if (!msg) return;
  for (const frame of document.querySelectorAll('iframe')) {
    if (frame.contentWindow !== ev.source) continue;
    if (new URL(frame.src, location.href).origin !== ev.origin) return;
    frame.style.height = `${msg.height}px`;
    return;
  }
});
