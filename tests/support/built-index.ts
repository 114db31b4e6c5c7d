import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The shape of the built index.html (src/web/index.html after vite build). */
export const BUILT_INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <title>Mesa</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** A web root holding only BUILT_INDEX_HTML, for a test of the pages the server fills in; the caller removes it. */
export function builtIndexRoot(): string {
  const webRoot = mkdtempSync(join(tmpdir(), 'mesa-web-root-'));
  writeFileSync(join(webRoot, 'index.html'), BUILT_INDEX_HTML);
  return webRoot;
}
