/**
 * The server sends `style-src 'self'` without 'unsafe-inline', so a <style> element added at run
 * time can never apply: the browser only reports a CSP violation. Two dependencies add one to
 * <head>: sonner (its whole stylesheet, when its module is evaluated) and react-remove-scroll-bar
 * (the scroll lock of Radix dialogs and selects). Their rules ship statically in styles.css instead,
 * so such elements are simply never attached. The libraries keep working on the detached element.
 *
 * Production only: in development Vite itself injects the CSS as <style> tags (and the dev server
 * cannot run under the strict policy anyway). It must stay the FIRST import of main.tsx so that it
 * runs before sonner's module body.
 */
if (import.meta.env.PROD && typeof document !== 'undefined') {
  const head = document.head;
  const appendChild = head.appendChild.bind(head);
  const insertBefore = head.insertBefore.bind(head);

  head.appendChild = <T extends Node>(node: T): T =>
    node instanceof HTMLStyleElement ? node : appendChild(node);
  head.insertBefore = <T extends Node>(node: T, child: Node | null): T =>
    node instanceof HTMLStyleElement ? node : insertBefore(node, child);
}

export {};
