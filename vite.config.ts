import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { SONNER_MODULE, sonnerStyleSources, STYLE_HASHES_PATH } from './src/server/platform/style-hashes.ts';
import { BUILD_ID_META } from './src/shared/routes.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@shared': fromRoot('./src/shared'),
  '@web': fromRoot('./src/web'),
  '@server': fromRoot('./src/server'),
};

const GUEST_FORM_MODULES =
  /[\\/]src[\\/](?:web[\\/](?:features[\\/]booking[\\/](?:api[\\/](?:get-booking-calendar|get-month-availability)\.ts|(?:date-field|booking-date-field|time-select)\.tsx|(?:reservation-id|date-rules|calendar-dates)\.ts)|components[\\/]ui[\\/](?:form-field|input|label)\.tsx|lib[\\/](?:preloadable-lazy|lazy-toaster)\.tsx|lib[\\/]i18n[\\/]use-guest-texts\.ts|features[\\/]public-settings[\\/]api[\\/]get-public-settings\.ts)|shared[\\/](?:rules[\\/](?:bot-check|pacing)\.ts|i18n[\\/]closed-day-texts\.ts))$|[\\/]node_modules[\\/]@radix-ui[\\/]react-label[\\/]/;
const FRAMEWORK_PACKAGES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|react-hook-form|tailwind-merge|clsx|class-variance-authority)[\\/]/;
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export async function writeCompressed(path: string): Promise<void> {
  const content = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzipAsync(content, { level: 9 }),
  ]);
  // A tiny file can grow when compressed: the server then simply sends it as it is.
  await Promise.all([
    br.length < content.length ? writeFile(`${path}.br`, br) : undefined,
    gz.length < content.length ? writeFile(`${path}.gz`, gz) : undefined,
  ]);
}

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside each text file of the build, public/ included, which
 * @fastify/static serves with `preCompressed` (src/server/pages/web-assets.ts): the best compression, paid once
 * at build time rather than on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'mesa:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name))
        .filter((path) => !path.slice(outDir.length).includes('/.'));
      await Promise.all(files.map(writeCompressed));
    },
  };
}

/**
 * Names the build in index.html (decision 033: the server reads it, an open page compares it with the server's), from the names of the files it wrote: a build whose chunks differ has another id,
 * the same sources built again the same one.
 */
function buildId(): Plugin {
  return {
    name: 'mesa:build-id',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) => {
        const files = Object.keys(bundle ?? {}).sort().join('\n');
        const content = createHash('sha256').update(files).digest('base64url').slice(0, 16);
        return [{ tag: 'meta', attrs: { name: BUILD_ID_META, content }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * Writes the CSP sources of the stylesheet sonner inserts as a <style> when its module runs (decision 058): hashes of
 * its text as the installed sonner has it, for the server to put in the pages' style-src (style-hashes.ts).
 */
function inlineStyleHashes(): Plugin {
  const sources = new Set<string>();
  return {
    name: 'mesa:inline-style-hashes',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (SONNER_MODULE.test(id)) sonnerStyleSources(code).forEach((source) => sources.add(source));
      return null;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: STYLE_HASHES_PATH, source: `${JSON.stringify([...sources].sort())}\n` });
    },
  };
}

const GUEST_TRANSLATION = /[\\/]src[\\/]shared[\\/]i18n[\\/]translations[\\/][a-z]{2}\.ts$/;

/** A text with ICU syntax → the parser's elements; plain text stays a string. */
function compileTexts(value: unknown): unknown {
  if (typeof value === 'string') {
    const elements = parse(value, { ignoreTag: true });
    if (elements.length === 0) return '';
    return elements.length === 1 && elements[0]!.type === TYPE.literal ? elements[0]!.value : elements;
  }
  if (Array.isArray(value)) return value.map(compileTexts);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, compileTexts(child)]));
  }
  return value;
}

/**
 * The guest pages' translations reach the browser compiled (decision 031): each text with placeholders or plurals
 * as intl-messageformat's elements, so the client ships the runtime without the ICU parser (aliased away below).
 * A translation module is pure data; it is evaluated here after the TypeScript transform and written back as JSON.
 */
function compileTranslations(): Plugin {
  return {
    name: 'mesa:compile-translations',
    enforce: 'post',
    async transform(code, id) {
      if (!GUEST_TRANSLATION.test(id)) return null;
      const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default: unknown };
      return { code: `export default ${JSON.stringify(compileTexts(module.default))};\n`, map: null };
    },
  };
}

export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./public'),
  plugins: [react(), tailwindcss(), compileTranslations(), inlineStyleHashes(), buildId(), precompress()],
  resolve: {
    alias: [
      ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement })),
      // zod with jitless on, set before any schema is built (decision 058): the CSP has no 'unsafe-eval'.
      { find: /^zod$/, replacement: fromRoot('./src/web/lib/zod-jitless.ts') },
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: fromRoot('./node_modules/@formatjs/icu-messageformat-parser/no-parser.js'),
      },
    ],
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: the server reads it to announce /admin's chunks in its HTML (web-manifest.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries the guest page needs anyway, in one chunk: less per-file overhead than the bundler's
            // own split of them into shared chunks, and a file that survives a deploy of app code in the cache.
            { name: 'framework', test: FRAMEWORK_PACKAGES },
            // The booking form's pieces that the lazy guest pages share with it (the change form, a lapsed offer's
            // form): in one chunk, not the ten small ones the bundler would split them into, as the landing page
            // loads them all anyway.
            { name: 'guest-form', test: GUEST_FORM_MODULES },
          ],
        },
      },
    },
  },
});
