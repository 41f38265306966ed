/**
 * `<everynode-playground>`: a playground in someone's docs. Its attributes are checked once it is
 * connected; it draws its frame at once and starts its own cluster and engine worker only when
 * it is scrolled into view (or when its API is first called). Everything lives in an open shadow
 * root, so the page's accessible names ("Nodes", "Command", "Editor", ...) are found inside it
 * and the host page's styles stay out.
 *
 * API: `run(text)`, `load(yaml)`, `play()`, `pause()`, `reset()`; events `applied`,
 * `pod-changed` and `check-passed` (bubbling, composed), each with its `detail`.
 */
import { mount, unmount } from 'svelte';
import type { CommandResult } from '../kubectl/session.js';
import { Layout } from '../ui/shell/layout.svelte.js';
import { parseAttributes } from './attributes.js';
import { ContainerQuery } from './container-query.js';
import { inlineContent } from './content.js';
import type { WidgetEventName } from './messages.js';
import { partsOf } from './parts.js';
import { mirrorStylesheets, widgetStyle } from './styles.js';
import WidgetView from './Widget.svelte';
import { Widget } from './widget.svelte.js';

/** The folder of the widget's own files: stylesheets from there are mirrored into each widget. */
const ASSETS = import.meta.url.replace(/[^/]*$/, '');

export class EverynodePlayground extends HTMLElement {
  /** The site's root (where `lessons/` is), set by the entry script that defines the element. */
  static root = ASSETS;
  private widget: Widget | undefined;
  private teardown: (() => void)[] = [];

  connectedCallback(): void {
    // The children (inline content) are parsed after the element when the script runs first.
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => this.isConnected && this.setUp(), { once: true });
    else queueMicrotask(() => this.isConnected && this.setUp());
  }

  disconnectedCallback(): void {
    this.tearDown();
  }

  /** Runs script text in the widget's cluster; resolves with each command's result. */
  async run(text: string): Promise<readonly CommandResult[]> {
    return this.require().run(String(text));
  }

  /** Opens manifests in the widget's editor (not applied). */
  async load(yaml: string): Promise<void> {
    return this.require().load(String(yaml));
  }

  play(): void {
    void this.require().start().then(() => this.widget?.play());
  }

  pause(): void {
    this.widget?.pause();
  }

  /** Back to how the widget opened. */
  async reset(): Promise<void> {
    return this.require().reset();
  }

  private require(): Widget {
    if (!this.widget) this.setUp();
    return this.widget!;
  }

  private setUp(): void {
    if (this.widget) return;
    const { config, problems } = parseAttributes((name) => this.getAttribute(name));
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    root.replaceChildren(widgetStyle());
    const emit = (name: WidgetEventName, detail: unknown) => this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
    const widget = new Widget(config, problems, inlineContent(this), document.baseURI, EverynodePlayground.root, emit);
    this.widget = widget;

    const parts = partsOf(config);
    const query = new ContainerQuery(this);
    // A single part has no tabs; the full playground turns to tabs when the widget is narrow.
    const layout = new Layout(parts.panels.length > 1 || config.lesson ? query : undefined);
    const view = mount(WidgetView, { target: root, props: { widget, layout, parts } });
    this.teardown.push(
      () => void unmount(view),
      () => query.disconnect(),
      () => widget.close(),
      this.applyTheme(config.theme),
      mirrorStylesheets(root, ASSETS),
    );

    const io = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      void widget.start();
    }, { rootMargin: '100px' });
    io.observe(this);
    this.teardown.push(() => io.disconnect());
  }

  private tearDown(): void {
    for (const fn of this.teardown.splice(0)) fn();
    this.widget = undefined;
    this.shadowRoot?.replaceChildren();
  }

  /** `data-theme` on the host (theme.css reads it): fixed, or following the system's preference. */
  private applyTheme(theme: 'light' | 'dark' | 'auto'): () => void {
    if (theme !== 'auto') {
      this.dataset.theme = theme;
      return () => {};
    }
    const media = matchMedia('(prefers-color-scheme: dark)');
    const set = () => (this.dataset.theme = media.matches ? 'dark' : 'light');
    set();
    media.addEventListener('change', set);
    return () => media.removeEventListener('change', set);
  }
}

/**
 * Defines the element once (a page may load the script twice). `root` is the site's root: the
 * entry scripts sit there (`everynode-widget.js`), their shared chunks do not.
 */
export function define(root: string, name = 'everynode-playground'): void {
  EverynodePlayground.root = root;
  if (!customElements.get(name)) customElements.define(name, EverynodePlayground);
}
