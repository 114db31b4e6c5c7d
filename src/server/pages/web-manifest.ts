import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The build's chunk graph (Vite's manifest, `build.manifest`): which files a page needs before it can show. The
// server announces them in /admin's HTML; the bench weighs the same set (bench/scenarios/page-weight.ts).

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

export const MANIFEST_PATH = '.vite/manifest.json';

/** The lazy chunks /admin renders at once: its page and its default tab, which router.tsx loads together. */
export const ADMIN_FIRST_MODULES = ['pages/admin-page.tsx', 'features/today/today-tab.tsx'] as const;

export function readManifest(webRoot: string): ViteManifest | null {
  const path = join(webRoot, MANIFEST_PATH);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ViteManifest) : null;
}

/**
 * The files of the chunks `keys` (manifest keys) with their static imports, and for an entry also its dynamic
 * imports: main.tsx loads the app through `import()` at once, so those are as good as static.
 */
export function chunkFiles(manifest: ViteManifest, keys: readonly string[]): { js: string[]; css: string[] } {
  const files = new Set<string>();
  const visited = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build`);
    if (visited.has(key)) return;
    visited.add(key);
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
    if (chunk.isEntry) chunk.dynamicImports?.forEach(visit);
  };
  keys.forEach(visit);
  return { js: [...files].filter((file) => file.endsWith('.js')), css: [...files].filter((file) => file.endsWith('.css')) };
}

/** The entries' keys: what index.html loads. */
export const entryKeys = (manifest: ViteManifest) => Object.keys(manifest).filter((key) => manifest[key]!.isEntry);

/**
 * `<link>` tags for what /admin needs besides index.html's own files: the browser fetches them while it parses the
 * page, instead of when the entry's code asks for them one round trip after another. Vite's loader sees the links
 * and does not add its own. Empty without a manifest (a build without one).
 */
export function adminPreloadLinks(manifest: ViteManifest | null, template: string): string {
  if (!manifest) return '';
  const { js, css } = chunkFiles(manifest, [...entryKeys(manifest), ...ADMIN_FIRST_MODULES]);
  const inPage = (file: string) => template.includes(`/${file}"`);
  return [
    ...css.filter((file) => !inPage(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...js.filter((file) => !inPage(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}
