/**
 * What jsdom lacks and the page's components only need to exist: element scrolling (jsdom lays
 * nothing out), an IntersectionObserver that never fires (so Monaco never loads; the editor stays
 * the textarea it starts as, and Monaco is tested in Chromium), and the dialog methods. Call it in
 * a component test's beforeAll.
 */
export function stubJsdom(): void {
  Element.prototype.scrollTo ??= () => {};
  globalThis.IntersectionObserver ??= class {
    observe(): void {}
    disconnect(): void {}
  } as unknown as typeof IntersectionObserver;
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}
