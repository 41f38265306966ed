/**
 * The iframe embed's postMessage protocol, both ways, and the checks on what arrives. A host page
 * that named its origin (`embed.html?origin=...`) may drive the embedded playground with the
 * element's API; every message is checked whole (its shape, types, sizes, no unknown keys) and
 * anything else is ignored, never half-used. Messages carry `everynode: 1`, the protocol version.
 */
export const PROTOCOL = 1;

/** The longest script or YAML a message may carry (the editor's own files are smaller). */
export const MAX_TEXT = 200_000;

/** Host -> embed: the element's API (`run`, `load`, `play`, `pause`, `reset`), numbered for the reply. */
export type HostMessage =
  | { readonly everynode: 1; readonly type: 'run'; readonly id: number; readonly text: string }
  | { readonly everynode: 1; readonly type: 'load'; readonly id: number; readonly yaml: string }
  | { readonly everynode: 1; readonly type: 'play' | 'pause' | 'reset'; readonly id: number };

/** Embed -> host: a reply to one request, or one of the element's DOM events. */
export type EmbedMessage =
  | { readonly everynode: 1; readonly type: 'reply'; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly everynode: 1; readonly type: 'reply'; readonly id: number; readonly ok: false; readonly error: string }
  | { readonly everynode: 1; readonly type: 'event'; readonly name: WidgetEventName; readonly detail: unknown };

export const EVENTS = ['applied', 'pod-changed', 'check-passed'] as const;
export type WidgetEventName = (typeof EVENTS)[number];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasOnly = (v: Record<string, unknown>, keys: readonly string[]): boolean => Object.keys(v).every((k) => keys.includes(k));
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_TEXT;

/** The request in `data`, or undefined when anything about it is off. */
export function parseHostMessage(data: unknown): HostMessage | undefined {
  if (!isRecord(data) || data.everynode !== PROTOCOL || !isId(data.id)) return undefined;
  switch (data.type) {
    case 'run':
      return hasOnly(data, ['everynode', 'type', 'id', 'text']) && isText(data.text) ? { everynode: 1, type: 'run', id: data.id, text: data.text } : undefined;
    case 'load':
      return hasOnly(data, ['everynode', 'type', 'id', 'yaml']) && isText(data.yaml) ? { everynode: 1, type: 'load', id: data.id, yaml: data.yaml } : undefined;
    case 'play':
    case 'pause':
    case 'reset':
      return hasOnly(data, ['everynode', 'type', 'id']) ? { everynode: 1, type: data.type, id: data.id } : undefined;
    default:
      return undefined;
  }
}

/**
 * The origin the embed accepts requests from and sends replies to: the `origin` parameter, when
 * it is exactly an origin (`https://docs.example.com`, no path). Without one the embed takes no
 * requests (it still reports its height, which carries nothing private).
 */
export function allowedOrigin(param: string | null): string | undefined {
  if (!param) return undefined;
  try {
    const url = new URL(param);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== param.replace(/\/$/, '')) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}
