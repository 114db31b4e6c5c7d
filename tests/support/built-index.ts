import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSP_NONCE_META } from '@shared/routes.ts';
import { securityHeaders } from '../../src/server/platform/http-security.ts';

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

const STYLE_NONCE_META = new RegExp(`<meta property="${CSP_NONCE_META}" nonce="([\\w+/]{22}==)">`);

/**
 * A page as the server sent it, split into the page as built and the style nonce the server added to it (decision
 * 058); throws when there is none.
 */
export function splitStyleNonce(sent: string): { html: string; nonce: string } {
  const nonce = STYLE_NONCE_META.exec(sent)?.[1];
  if (!nonce) throw new Error('the page has no style nonce');
  return { html: sent.replace(STYLE_NONCE_META, ''), nonce };
}

/** The policy of a page holding `nonce`, from a build without inline style hashes. */
export const pagePolicy = (nonce: string) => securityHeaders(false, null, [`'nonce-${nonce}'`])['Content-Security-Policy'];
