// Starts its own app per test: each test serves a web root of its own (a build with and without an id).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { BUILD_ID_PATH } from '../../src/shared/routes.ts';
import { BUILT_INDEX_HTML, builtIndexRoot } from '../support/built-index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 033: an open page whose chunk failed to load asks which build the server serves before it reloads.
let app: TestApp | undefined;
let webRoot: string | undefined;
afterEach(async () => {
  await app?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});

it("answers the build named in index.html's meta tag, never from a cache", async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'mesa-build-id-'));
  writeFileSync(join(webRoot, 'index.html'), BUILT_INDEX_HTML.replace('</head>', '<meta name="mesa-build" content="Ab3_x-9">\n</head>'));
  app = await createTestApp({ webRoot });
  const response = await app.request({ method: 'GET', url: BUILD_ID_PATH });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.json()).toEqual({ build: 'Ab3_x-9' });
});

it('has no answer for a build without an id (then no page reloads)', async () => {
  webRoot = builtIndexRoot();
  app = await createTestApp({ webRoot });
  expect((await app.request({ method: 'GET', url: BUILD_ID_PATH })).statusCode).toBe(404);
});
