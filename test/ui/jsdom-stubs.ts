/**
 * What jsdom lacks and the page's components only need to exist: element scrolling (jsdom lays
 * nothing out), an IntersectionObserver that never fires (so Monaco never loads; the editor stays
 * the textarea it starts as, and Monaco is tested in Chromium), a ResizeObserver that never fires
 * (jsdom has no sizes to report; `bind:clientHeight` needs one), a `matchMedia` that matches only
 * prefers-reduced-motion (so d3 sets SVG attributes at once: jsdom cannot interpolate
 * transforms), and the dialog methods. Call it in a component test's beforeAll.
 */
export function stubJsdom(): void {
  Element.prototype.scrollTo ??= () => {};
  globalThis.IntersectionObserver ??= class {
    observe(): void {}
    disconnect(): void {}
  } as unknown as typeof IntersectionObserver;
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  } as unknown as typeof ResizeObserver;
  window.matchMedia ??= (query: string) =>
    ({ matches: query.includes('reduce'), media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}
