import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIdOf } from '../../src/server/pages/web-assets.ts';

const TEXT_FILE = /\.(?:js|css|html|json)$/;

/**
 * The built client at `webRoot` as the next deploy would leave it: every file under assets/ by another name (the
 * open page's chunks are gone) and index.html naming another build. The compressed copies and source maps are left
 * out. The caller removes the folder.
 */
export function nextBuild(webRoot: string): string {
  const next = mkdtempSync(join(tmpdir(), 'mesa-next-build-'));
  cpSync(webRoot, next, { recursive: true, filter: (path) => !/\.(?:br|gz|map)$/.test(path) });
  const assets = join(next, 'assets');
  const renamed = new Map(readdirSync(assets).map((name) => [name, name.replace(/\.(\w+)$/, '-next.$1')]));
  for (const [name, nextName] of renamed) renameSync(join(assets, name), join(assets, nextName));
  const oldNames = new RegExp([...renamed.keys()].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  for (const entry of readdirSync(next, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT_FILE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    let text = readFileSync(path, 'utf8').replace(oldNames, (name) => renamed.get(name)!);
    const build = entry.name === 'index.html' ? buildIdOf(text) : null;
    if (build) text = text.replace(`content="${build}"`, `content="${build}-next"`);
    writeFileSync(path, text);
  }
  return next;
}
