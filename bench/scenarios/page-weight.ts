import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { atMost, exactly, measure, type Measurement } from '../lib/results.ts';
import { repoRoot, startServer, stopServer } from '../lib/server.ts';
import { round } from '../lib/stats.ts';
import type { BenchTarget } from '../lib/target.ts';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../../src/shared/i18n/languages.ts';
import { ADMIN_FIRST_MODULES, chunkFiles, entryKeys, readManifest } from '../../src/server/pages/web-manifest.ts';
import { ADMIN_SCENARIO, benchAdminPage } from './admin-page.ts';
import { runLighthouse, WIDGET_GOALS } from './lighthouse.ts';

const SCENARIO = 'guest page weight';
const JS_BUDGET_KB = 150;
/** Issue 26: what choosing another language than Spanish adds (its texts, date locale and the ICU formatter). */
const LANGUAGE_BUDGET_KB = 15;
const LANGUAGE_MODULES: Record<TranslatedLanguage, RegExp> = {
  en: /\/i18n\/translations\/en\.ts$|\/date-fns\/locale\/en-GB\.js$/,
  ca: /\/i18n\/translations\/ca\.ts$|\/date-fns\/locale\/ca\.js$/,
  fr: /\/i18n\/translations\/fr\.ts$|\/date-fns\/locale\/fr\.js$/,
  de: /\/i18n\/translations\/de\.ts$|\/date-fns\/locale\/de\.js$/,
  it: /\/i18n\/translations\/it\.ts$|\/date-fns\/locale\/it\.js$/,
};
/** Loaded for any other language: the loaders and the ICU formatter. */
const ANY_LANGUAGE_MODULES = /i18n\/translation-loaders\.ts$|\/i18n\/format-text\.ts$/;
/**
 * Issue 22: what /admin loads before any interaction, the Reservas tab included. 230 KB since issue 51 (decision 058):
 * the gate measures weight with room to grow, and no longer forces tricks to stay under it; what the staff feel stays
 * gated by the service view's first screen (< 100 ms) and Lighthouse (performance ≥ 90 on a phone), admin-page.ts.
 */
const ADMIN_JS_BUDGET_KB = 230;

/**
 * Source folders that only staff screens use: none of them may reach the guest page's initial chunks. The
 * restaurant's public settings (its name and welcome text: features/public-settings/) are guest code.
 */
const ADMIN_SOURCES =
  /src\/web\/(?:pages\/(?:admin|auth|reset-password)[^/]*$|features\/(?:admin-shell|auth|today|reservations|undo|history|tables|notifications|security|settings)\/)/;
/** Texts of staff screens, for information: today they ride in with the shared message catalogue. */
const ADMIN_TEXTS = ['Mapa de Mesas', 'Desbloquear'];

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed: ${stderr}`))));
  });
}

/**
 * The files '/' loads before any interaction: the HTML's script, stylesheets and modulepreloads; the entry's static
 * imports; and the entry's own dynamic imports, which are unconditional (main.tsx loads the app through `import()`),
 * with their static imports. Dynamic imports further down (the router's lazy /auth and /admin pages) are what the
 * guest does not load. `lazyModules` (manifest keys): the lazy chunks another route loads at once, with their static
 * imports (for /admin: its page and its default tab).
 */
function initialFiles(outDir: string, lazyModules: readonly string[] = []): { js: string[]; css: string[] } {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/<(?:script|link)\s[^>]*\b(?:src|href)="\/?(assets\/[^"]+)"/g)].map((match) => match[1]!);
  const manifest = readManifest(outDir);
  if (!manifest) throw new Error('the build has no manifest');
  const chunks = chunkFiles(manifest, [...entryKeys(manifest), ...lazyModules]);
  const files = new Set([...referenced, ...chunks.js, ...chunks.css]);
  return { js: [...files].filter((file) => file.endsWith('.js')), css: [...files].filter((file) => file.endsWith('.css')) };
}

/** The JS a guest's choice of `language` loads beyond the first load's files. */
function languageFiles(outDir: string, initialJs: readonly string[], language: TranslatedLanguage): string[] {
  const manifest = readManifest(outDir)!;
  const keys = Object.keys(manifest).filter((key) => LANGUAGE_MODULES[language].test(key) || ANY_LANGUAGE_MODULES.test(key));
  if (keys.length < 4) throw new Error(`the build lacks ${language}'s chunks (found ${keys.join(', ')})`);
  return chunkFiles(manifest, keys).js.filter((file) => !initialJs.includes(file));
}

const gzipKB = (outDir: string, files: string[]) =>
  files.reduce((total, file) => total + gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length, 0) / 1024;

/**
 * What the server really sends to a browser that accepts brotli: the build's .br copy (vite.config.ts, precompress)
 * where there is one, served by @fastify/static's `preCompressed`; the file itself where compressing did not pay.
 */
const servedBrotliKB = (outDir: string, files: string[]) =>
  files.reduce((total, file) => {
    const path = join(outDir, file);
    return total + readFileSync(existsSync(`${path}.br`) ? `${path}.br` : path).length;
  }, 0) / 1024;

/** The bundler's own runtime chunk has no source map: generated code, no module of ours. */
function adminSourcesIn(outDir: string, jsFiles: string[]): string[] {
  return jsFiles.flatMap((file) => {
    const mapPath = join(outDir, `${file}.map`);
    if (!existsSync(mapPath) && /(?:^|\/)rolldown-runtime-[\w-]+\.js$/.test(file)) return [];
    const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] };
    return map.sources.filter((source) => ADMIN_SOURCES.test(source));
  });
}

export async function benchPageWeight(target: BenchTarget, options: { lighthouse: boolean }): Promise<Measurement[]> {
  const outDir = target.tempDir('web');
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--sourcemap', '--logLevel', 'warn']);
  const { js, css } = initialFiles(outDir);
  const jsKB = gzipKB(outDir, js);
  const adminSources = adminSourcesIn(outDir, js);
  const texts = ADMIN_TEXTS.filter((text) => js.some((file) => readFileSync(join(outDir, file), 'utf8').includes(text)));
  const measurements = [
    measure(SCENARIO, 'initial JS, gzip -9', round(jsKB), 'KB', atMost(JS_BUDGET_KB), `${js.length} files: ${js.join(', ')}`),
    measure(SCENARIO, 'initial JS as served (brotli 11)', round(servedBrotliKB(outDir, js)), 'KB', undefined,
      "the build's .br files, which the server sends when the browser accepts br"),
    measure(SCENARIO, 'initial CSS, gzip -9', round(gzipKB(outDir, css)), 'KB', undefined, css.join(', ')),
    measure(SCENARIO, 'initial CSS as served (brotli 11)', round(servedBrotliKB(outDir, css)), 'KB'),
    measure(SCENARIO, 'admin source modules in initial JS', adminSources.length, '', exactly(0),
      adminSources.slice(0, 5).join(', ') || 'checked through the source maps'),
    measure(SCENARIO, 'admin texts in initial JS (information)', texts.length, '', undefined,
      texts.length ? `${texts.map((text) => `'${text}'`).join(', ')}: from the shared message catalogue (src/shared/messages.ts)` : 'none'),
  ];
  for (const language of TRANSLATED_LANGUAGES) {
    const files = languageFiles(outDir, js, language);
    measurements.push(
      measure(SCENARIO, `${language} chosen: JS it adds, gzip -9`, round(gzipKB(outDir, files)), 'KB', atMost(LANGUAGE_BUDGET_KB), files.join(', ')),
    );
  }
  const admin = initialFiles(outDir, ADMIN_FIRST_MODULES).js;
  measurements.push(
    measure(ADMIN_SCENARIO, 'initial JS of /admin, gzip -9', round(gzipKB(outDir, admin)), 'KB', atMost(ADMIN_JS_BUDGET_KB),
      `${admin.length} files: the guest set, the admin page and the Reservas tab with their static imports`),
  );
  if (!options.lighthouse) return measurements;

  const server = await startServer({
    dataDir: target.tempDir('lighthouse'),
    databaseUrl: undefined,
    entry: 'bench/web-server.ts',
    env: { BENCH_WEB_ROOT: outDir },
  });
  try {
    measurements.push(...(await runLighthouse(`${server.url}/`, target.tempDir('chromium'), js)));
    // /reservar, the booking widget (decision 028), loads the guest page's files: its page is in them.
    measurements.push(...(await runLighthouse(`${server.url}/reservar`, target.tempDir('chromium-widget'), js, WIDGET_GOALS)));
  } finally {
    await stopServer(server);
  }
  measurements.push(...(await benchAdminPage(target, outDir, admin)));
  return measurements;
}
