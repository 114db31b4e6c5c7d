import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The stylesheets that dependencies insert as <style> at run time with fixed text, allowed by their hashes in the
// pages' style-src (decision 058). The build (vite.config.ts) hashes the text as it finds it in the installed package,
// so an upgrade that changes it changes the hashes with it; the server reads them from the build.

/** Beside Vite's manifest, which the server does not serve either (web-assets.ts). */
export const STYLE_HASHES_PATH = '.vite/style-hashes.json';

/** sonner's module; it calls `__insertCSS("…")` with its whole stylesheet when it is evaluated. */
export const SONNER_MODULE = /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/;
const INSERT_CSS_CALL = /\b__insertCSS\(("(?:[^"\\]|\\.)*")\)/g;

/** A CSP source for a <style> element's exact text. */
export const styleHashSource = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The stylesheets sonner's module inserts, as CSP sources. It attaches its <style> empty and then adds the text, and
 * Chromium checks both: the empty text's hash comes too. Throws when it finds none, so that a sonner that inserts its
 * styles another way fails the build rather than the pages (whose test, tests/e2e/csp.test.ts, would catch it later).
 */
export function sonnerStyleSources(code: string): string[] {
  const texts = [...code.matchAll(INSERT_CSS_CALL)].map((match) => JSON.parse(match[1]!) as string);
  if (texts.length === 0) throw new Error("sonner's module has no __insertCSS(\"…\") call: its inline stylesheet needs another way into style-src");
  return ['', ...texts].map(styleHashSource);
}

/** The build's list; empty without one (a build that predates it, or no web client). */
export function readStyleSources(webRoot: string): string[] {
  const path = join(webRoot, STYLE_HASHES_PATH);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as string[]) : [];
}
