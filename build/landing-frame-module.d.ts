/** The virtual module build/landing-frame-plugin.ts serves: the landing picture's first frame. */
declare module 'virtual:everynode/landing-frame' {
  const frame: import('../src/ui/worker/protocol.js').DiffBatch;
  export default frame;
}
