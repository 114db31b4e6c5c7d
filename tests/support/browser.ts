import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { defaultWebRoot } from '../../src/server/instance.ts';

/** The built client the browser tests serve; E2E_WEB_ROOT lets a parallel run use its own build. */
export function testWebRoot(): string {
  return process.env.E2E_WEB_ROOT ?? defaultWebRoot;
}

/** Debian's Chromium (or CHROMIUM_PATH), never a downloaded browser. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`Chromium not found at ${path}: install Debian's chromium or set CHROMIUM_PATH`);
  return path;
}

/**
 * A Spanish browser: its pages and contexts default to the es-ES locale (Accept-Language, navigator.languages), as
 * the tests' Spanish locators expect now that guest pages follow the browser's language (issue 26).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ locale: SPANISH, ...options });
  browser.newPage = (options = {}) => newPage({ locale: SPANISH, ...options });
  return browser;
}

const SPANISH = 'es-ES';
