/**
 * `npm run build:server`: the server and its operator scripts compiled to JavaScript in dist/server (issue 43,
 * decision 038), for an install that runs `node dist/server/main.js` without tsx or TypeScript. `npm start` does not
 * use it: it keeps running the sources through tsx.
 *
 * One esbuild bundle per entry, the @shared/@server/@web aliases resolved (tsconfig's paths), every npm package left
 * to node_modules. All files land in dist/server itself, chunks included, so the paths the code takes from
 * import.meta.url stay right: ../../dist/web (the client), ./migrations and ./api-docs, copied beside them.
 */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'dist/server');
const entries = ['src/server/main.ts', ...['admin-create', 'setup-code', 'db-migrate', 'backup', 'restore'].map((name) => `scripts/${name}.ts`)];

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: entries,
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  tsconfig: join(root, 'tsconfig.json'),
  jsx: 'automatic',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(join(root, 'src/server/db/migrations'), join(outdir, 'migrations'), { recursive: true });
// The API reference's own page, script and styles (platform/api-docs.ts finds them beside itself, decision 048).
cpSync(join(root, 'src/server/platform/api-docs'), join(outdir, 'api-docs'), { recursive: true });
console.log(`Server compiled into ${outdir}: node dist/server/main.js`);
