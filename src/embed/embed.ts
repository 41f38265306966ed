/**
 * `everynode-embed.js`, the inside of the iframe embed (`embed.html?src=...&view=...`): one
 * `<everynode-playground>` made from the URL's parameters (the element's attribute names), which
 * reports its content height to the host page (the host's resize script sizes the iframe) and,
 * when the URL names the host's `origin`, takes the element's API as messages from that origin
 * only and answers there.
 */
import { ATTRIBUTES } from './attributes.js';
import { define, type EverynodePlayground } from './element.js';
import type { HeightMessage } from './height-message.js';
import { allowedOrigin, EVENTS, parseHostMessage, PROTOCOL, type EmbedMessage, type HostMessage } from './messages.js';

define(import.meta.url.replace(/[^/]*$/, ''));
const params = new URLSearchParams(location.search);
const el = document.createElement('everynode-playground') as EverynodePlayground;
for (const name of ATTRIBUTES) {
  const value = params.get(name);
  if (value !== null) el.setAttribute(name, value);
}
document.body.append(el);

// The height, to any host: it carries nothing private, and a host without the script ignores it.
const report = (): void => {
  if (parent === window) return;
  const msg: HeightMessage = { everynode: PROTOCOL, type: 'height', height: document.documentElement.scrollHeight };
  parent.postMessage(msg, '*');
};
new ResizeObserver(report).observe(document.documentElement);

const origin = allowedOrigin(params.get('origin'));
if (origin && parent !== window) {
  const send = (msg: EmbedMessage): void => parent.postMessage(msg, origin);
  for (const name of EVENTS) {
    el.addEventListener(name, (ev) => send({ everynode: PROTOCOL, type: 'event', name, detail: (ev as CustomEvent).detail }));
  }
  addEventListener('message', (ev: MessageEvent) => {
    if (ev.origin !== origin || ev.source !== parent) return;
    const msg = parseHostMessage(ev.data);
    if (!msg) return;
    answer(msg).then(
      (value) => send({ everynode: PROTOCOL, type: 'reply', id: msg.id, ok: true, value }),
      (e: unknown) => send({ everynode: PROTOCOL, type: 'reply', id: msg.id, ok: false, error: e instanceof Error ? e.message : String(e) }),
    );
  });
}

async function answer(msg: HostMessage): Promise<unknown> {
  switch (msg.type) {
    case 'run':
      return el.run(msg.text);
    case 'load':
      return el.load(msg.yaml);
    case 'play':
      return el.play();
    case 'pause':
      return el.pause();
    case 'reset':
      return el.reset();
  }
}
