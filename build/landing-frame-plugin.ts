/**
 * Serves the landing picture's first frame to the page as a virtual module,
 * `virtual:everynode/landing-frame`, whose default export is the DiffBatch the engine posts for
 * the landing's opening (src/ui/landing/first-frame.ts runs it through an EngineHost here, at
 * build time). The landing picture imports it, so it travels in the landing's own chunk.
 */
import type { Plugin } from 'vite';

export const LANDING_FRAME_MODULE = 'virtual:everynode/landing-frame';
const RESOLVED = `\0${LANDING_FRAME_MODULE}`;

/** @param engineVersion what the bundles' `__ENGINE_VERSION__` is defined as (the session log names it). */
export function landingFramePlugin(engineVersion: string): Plugin {
  return {
    name: 'everynode-landing-frame',
    resolveId(id) {
      return id === LANDING_FRAME_MODULE ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      // The engine's modules read the constant Vite defines in the bundles; running here, in
      // Node, they find it as a global, set before they are first imported.
      (globalThis as { __ENGINE_VERSION__?: string }).__ENGINE_VERSION__ ??= engineVersion;
      const { firstFrame } = await import('../src/ui/landing/first-frame.js');
      // JSON.parse of a string literal is faster to start than the same data as a JS literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(firstFrame()))});\n`;
    },
  };
}
