/**
 * Makes dependencies behave under the server's Content-Security-Policy. Must stay the FIRST
 * import of main.tsx: it has to run before sonner's module body and before any zod parse.
 */

// script-src has no 'unsafe-eval'. zod 4 would probe `new Function` to compile fast object
// parsers; the probe fails quietly but the browser still reports a CSP violation. zod keeps its
// settings in this global (what `config({ jitless: true })` writes), so setting it here spares the
// guest's first screen from loading zod's core before anything is painted (PERFORMANCE.md, point 7).
const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodHolder.__zod_globalConfig ??= {}).jitless = true;

// style-src has no 'unsafe-inline', so a <style> element added at run time can never apply: the
// browser only reports a violation. Two dependencies add one to <head>: sonner (its whole
// stylesheet, when its module is evaluated) and react-remove-scroll-bar (the scroll lock of Radix
// dialogs and selects). Their rules ship statically in styles.css instead, so such elements are
// never attached; the libraries keep working on the detached element.
// Production only: in development Vite itself injects the CSS as <style> tags (the dev server
// cannot run under the strict policy anyway).
if (import.meta.env.PROD && typeof document !== 'undefined') {
  const head = document.head;
  const appendChild = head.appendChild.bind(head);
  const insertBefore = head.insertBefore.bind(head);

  head.appendChild = <T extends Node>(node: T): T =>
    node instanceof HTMLStyleElement ? node : appendChild(node);
  head.insertBefore = <T extends Node>(node: T, child: Node | null): T =>
    node instanceof HTMLStyleElement ? node : insertBefore(node, child);
}
