// docs/architecture.md, "web features": the folders of src/web/features import one another without a loop, and
// the Reservas tab (features/today) is a composition nobody builds on: the reservations UI others use is
// features/reservations (issue 51). Each rule is proved on the real tree and on a commit that would break it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const web = join(root, 'src/web');

interface SourceFile {
  /** Relative to src/web, with forward slashes: 'features/today/today-tab.tsx'. */
  path: string;
  code: string;
}

/** The only module of features/today that others may name: the tab, which the shell lists and the router preloads. */
const TODAY_ENTRY = 'features/today/today-tab';
const TODAY_ENTRY_USERS = /^(?:features\/admin-shell\/|router\.tsx$)/;

function webSources(): SourceFile[] {
  return readdirSync(web, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .map((file) => ({ path: relative(web, file).split('\\').join('/'), code: readFileSync(file, 'utf8') }));
}

/** Every module a file names, static or lazy, as a path relative to src/web without extension. */
function importsOf(file: SourceFile): string[] {
  const specifiers = [...file.code.matchAll(/(?:\bfrom|\bimport(?:[ \t]*\()?)[ \t]*['"]([^'"]+)['"]/g)].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => {
    let target: string;
    if (specifier.startsWith('@web/')) target = specifier.slice('@web/'.length);
    else if (specifier.startsWith('.')) target = relative(web, resolve(web, dirname(file.path), specifier)).split('\\').join('/');
    else return [];
    return [posix.normalize(target).replace(/\.tsx?$/, '')];
  });
}

const featureOf = (path: string) => /^features\/([^/]+)\//.exec(path)?.[1];

/** feature folder → the feature folders it imports, each with one file that does, for the message. */
function folderGraph(files: SourceFile[]): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of files) {
    const from = featureOf(file.path);
    if (!from) continue;
    for (const target of importsOf(file)) {
      const to = featureOf(target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, `${file.path} → ${target}`);
    }
  }
  return graph;
}

/** Each loop of the folder graph once, as 'a → b → a' with the import behind each step. */
function folderCycles(graph: Map<string, Map<string, string>>): string[] {
  const found = new Set<string>();
  const cycles: string[] = [];
  const visit = (folder: string, path: string[]) => {
    for (const next of graph.get(folder)?.keys() ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const loop = [...path.slice(at), next];
        const key = loop.slice(0, -1).sort().join(',');
        if (found.has(key)) continue;
        found.add(key);
        const steps = loop.slice(0, -1).map((step, i) => graph.get(step)!.get(loop[i + 1]!)!);
        cycles.push(`${loop.join(' → ')} (${steps.join('; ')})`);
      } else if (path.length < graph.size) {
        visit(next, [...path, next]);
      }
    }
  };
  for (const folder of [...graph.keys()].sort()) visit(folder, [folder]);
  return cycles;
}

/** Files outside features/today that import from it, but for the tab's entry from the shell and the router. */
function todayImportsFromOutside(files: SourceFile[]): string[] {
  return files.flatMap((file) => {
    if (featureOf(file.path) === 'today') return [];
    return importsOf(file)
      .filter((target) => target.startsWith('features/today/'))
      .filter((target) => !(target === TODAY_ENTRY && TODAY_ENTRY_USERS.test(file.path)))
      .map((target) => `${file.path} → ${target}`);
  });
}

const sources = webSources();
const withFile = (path: string, code: string) => [...sources, { path, code }];

describe('web feature folders (issue 51)', () => {
  it('sees the real tree: today imports reservations and tables, settings imports reservations', () => {
    const graph = folderGraph(sources);
    expect(graph.get('today')?.has('reservations')).toBe(true);
    expect(graph.get('today')?.has('tables')).toBe(true);
    expect(graph.get('settings')?.has('reservations')).toBe(true);
  });

  it('has no import loop among the feature folders, direct or through others', () => {
    expect(folderCycles(folderGraph(sources))).toEqual([]);
  });

  it('refuses a direct loop (tables importing the reservations UI back) and a longer one', () => {
    const direct = withFile('features/tables/seat-hint.tsx', "import { ReservationCard } from '@web/features/reservations/reservation-card';\n");
    expect(folderCycles(folderGraph(direct)).join('\n')).toContain('features/tables/seat-hint.tsx → features/reservations/reservation-card');
    // settings → reservations → charges: charges naming settings closes a loop of three.
    const longer = withFile('features/charges/policy.ts', "export { SettingsTab } from '../settings/settings-tab';\n");
    const [loop] = folderCycles(folderGraph(longer));
    expect(loop).toContain('features/charges/policy.ts → features/settings/settings-tab');
    expect(new Set(loop?.split(' (')[0]?.split(' → '))).toEqual(new Set(['charges', 'reservations', 'settings']));
  });

  it('has nothing outside features/today importing from it but the tab itself, from the shell and the router', () => {
    expect(todayImportsFromOutside(sources)).toEqual([]);
    expect(sources.some((file) => importsOf(file).includes(TODAY_ENTRY) && file.path === 'features/admin-shell/admin-tabs.ts')).toBe(true);
  });

  it("refuses another feature using the Reservas tab's pieces, or lazily loading the tab", () => {
    const piece = withFile('features/history/history-row.tsx', "import { ServiceView } from '@web/features/today/service/service-view';\n");
    expect(todayImportsFromOutside(piece)).toEqual(['features/history/history-row.tsx → features/today/service/service-view']);
    const lazy = withFile('features/waitlist/tab.tsx', "const Tab = () => import('../today/today-tab.tsx');\nexport { Tab };\n");
    expect(todayImportsFromOutside(lazy)).toEqual(['features/waitlist/tab.tsx → features/today/today-tab']);
  });
});
