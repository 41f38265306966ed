/**
 * The playground's narrow layout follows the widget's own width, not the window's: a widget in a
 * docs column is narrow on a wide screen. This is the part of a MediaQueryList the Layout reads,
 * driven by a ResizeObserver on the widget.
 */
import { NARROW_WIDTH } from '../ui/shell/layout.svelte.js';

export class ContainerQuery {
  matches = false;
  private readonly listeners = new Set<(e: { matches: boolean }) => void>();
  private readonly observer: ResizeObserver;

  constructor(el: Element) {
    this.matches = el.getBoundingClientRect().width < NARROW_WIDTH;
    this.observer = new ResizeObserver(([entry]) => {
      const matches = (entry?.contentRect.width ?? 0) < NARROW_WIDTH;
      if (matches === this.matches) return;
      this.matches = matches;
      for (const fn of this.listeners) fn({ matches });
    });
    this.observer.observe(el);
  }

  addEventListener(_type: 'change', fn: (e: { matches: boolean }) => void): void {
    this.listeners.add(fn);
  }

  disconnect(): void {
    this.observer.disconnect();
    this.listeners.clear();
  }
}
