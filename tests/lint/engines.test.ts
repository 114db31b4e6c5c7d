import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// Issue 43: a fresh `npm install` prints no engine warning on any line `engines` names. npm warns when an installed
// package's `engines.node` refuses the running Node, so every package must accept the lowest version of each line.
const root = join(import.meta.dirname, '../..');
const ours = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const LOWEST_OF_EACH_LINE = ['20.19.0', '22.12.0', '24.0.0'];

type Manifest = { name?: string; version?: string; engines?: { node?: unknown } };

function* installedManifests(dir: string): Generator<[string, Manifest]> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      yield* installedManifests(path);
      continue;
    }
    const manifest = join(path, 'package.json');
    if (!existsSync(manifest)) continue;
    yield [path, JSON.parse(readFileSync(manifest, 'utf8')) as Manifest];
    if (existsSync(join(path, 'node_modules'))) yield* installedManifests(join(path, 'node_modules'));
  }
}

describe('the Node versions Mesa declares', () => {
  it('are the lines the issue names, each from its lowest version', () => {
    expect(ours.engines.node).toBe('^20.19 || ^22.12 || >=24');
    for (const version of LOWEST_OF_EACH_LINE) expect(semver.satisfies(version, ours.engines.node)).toBe(true);
    expect(semver.satisfies('22.11.0', ours.engines.node)).toBe(false);
  });

  it('are accepted by every installed package, so npm prints no engine warning', () => {
    const refusals: string[] = [];
    for (const [path, manifest] of installedManifests(join(root, 'node_modules'))) {
      const range = manifest.engines?.node;
      if (typeof range !== 'string' || semver.validRange(range) === null) continue;
      const refused = LOWEST_OF_EACH_LINE.filter((version) => !semver.satisfies(version, range));
      if (refused.length > 0) refusals.push(`${path.slice(root.length + 1)} ${manifest.version} wants ${range}, refuses ${refused.join(', ')}`);
    }
    expect(refusals).toEqual([]);
  });
});
