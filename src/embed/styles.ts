/**
 * Styles inside a widget's shadow root. The page's colours (theme.css) and the picture's grammar
 * (picture.css: the d3 joins only set classes, so the cards' fills live there) apply to the
 * widget's host instead of the document root, light or dark by the host's `data-theme`; the
 * components' own styles are injected by Svelte into the shadow root they mount in. Monaco's stylesheet is
 * loaded into the document when the editor first shows; a shadow root does not see it, so every
 * stylesheet of the widget's own files that appears in the document is mirrored into it.
 */
import themeCss from '../ui/theme.css?inline';
import pictureCss from '../ui/picture/picture.css?inline';

/** theme.css (as written, or as the build minifies it, unquoted) with `:root` rules made `:host` rules. */
export function hostCss(css: string): string {
  return css.replace(/:root\[data-theme=(['"]?)(\w+)\1\]/g, ':host([data-theme=$2])').replace(/:root/g, ':host');
}

const FRAME = ':host { display: block; } :host([hidden]) { display: none; }';

/** Everything a widget's shadow root needs before its components mount. */
export function widgetCss(): string {
  return `${hostCss(themeCss)}\n${hostCss(pictureCss)}\n${FRAME}`;
}

export function widgetStyle(): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = widgetCss();
  return style;
}

/**
 * Mirrors `<link rel="stylesheet">` elements under `assets` (the widget's own folder) from the
 * document's head into `root`, now and as they are added. Returns the function that stops it.
 */
export function mirrorStylesheets(root: ShadowRoot, assets: string): () => void {
  const copy = (node: Node): void => {
    if (!(node instanceof HTMLLinkElement) || node.rel !== 'stylesheet' || !node.href.startsWith(assets)) return;
    if (root.querySelector(`link[href="${CSS.escape(node.href)}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = node.href;
    root.prepend(link);
  };
  document.head.querySelectorAll('link').forEach(copy);
  const observer = new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(copy)));
  observer.observe(document.head, { childList: true });
  return () => observer.disconnect();
}
