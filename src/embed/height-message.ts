/**
 * The one message the embed sends to any host: its content height, so the host's resize script
 * can size the iframe. Kept apart from `messages.ts` so the resize script, which hosts load from
 * another origin as a classic script, bundles alone with no imports.
 */
export interface HeightMessage {
  readonly everynode: 1;
  readonly type: 'height';
  readonly height: number;
}

/** Heights beyond this are refused (a broken or hostile frame must not stretch the host page). */
export const MAX_HEIGHT = 10_000;

/** The height message in `data`, or undefined when it is anything else. */
export function parseHeightMessage(data: unknown): HeightMessage | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const m = data as Record<string, unknown>;
  if (Object.keys(m).some((k) => k !== 'everynode' && k !== 'type' && k !== 'height')) return undefined;
  if (m.everynode !== 1 || m.type !== 'height') return undefined;
  const h = m.height;
  if (typeof h !== 'number' || !Number.isFinite(h) || h < 0 || h > MAX_HEIGHT) return undefined;
  return { everynode: 1, type: 'height', height: Math.ceil(h) };
}
