/**
 * `npx tsx scripts/measure-long-inputs.ts`: times a value as long as the body limit allows (256 KiB) in every text
 * field of every endpoint that takes a body (tests/support/long-inputs.ts), against a real server process on a
 * fresh embedded database (or on DATABASE_URL when set), and prints one row per request: field, status, ms.
 * A measurement, not a test: tests/api/long-inputs.test.ts asserts the answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { openConfiguredDatabase } from '../src/server/instance.ts';
import { upsertAdmin } from '../src/server/modules/auth/accounts.ts';
import { LONG_INPUT_TARGETS, LONG_VALUE_SHAPES, longBody, type LongValueShape } from '../tests/support/long-inputs.ts';
import { startServerProcess, stopServerProcess } from '../tests/support/server-process.ts';

const ADMIN_EMAIL = 'medida@example.com';
const PASSWORD = 'una-contrasena-para-medir-17';
const SESSION_SECRET = 'measure-long-inputs-secret-that-is-long-enough-0123456789';

const dataDir = mkdtempSync(join(tmpdir(), 'mesa-long-inputs-'));
const env: Record<string, string> = { DATA_DIR: dataDir, SESSION_SECRET, TRUST_PROXY: 'true', LOG_LEVEL: 'error' };

// The admin is created before the server starts: the embedded database admits one process at a time.
const config = loadConfig({ ...process.env, ...env, PUBLIC_URL: 'http://127.0.0.1' });
const { database, lock } = await openConfiguredDatabase(config, 'measure-long-inputs');
await upsertAdmin(database.db, ADMIN_EMAIL, PASSWORD);
await database.close();
lock?.release();

const server = await startServerProcess(env);
let address = 0;
/** Each request from its own client address (TRUST_PROXY), so the per-IP limits never answer instead. */
const headers = (cookie?: string) => ({
  'content-type': 'application/json',
  origin: server.url,
  'x-forwarded-for': `10.${Math.floor(++address / 65_025) % 250}.${Math.floor(address / 255) % 255}.${(address % 255) + 1}`,
  ...(cookie ? { cookie } : {}),
});

try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  const cookie = login.headers.getSetCookie().map((text) => text.split(';')[0]).join('; ');

  const rows: Array<{ field: string; status: number; ms: number }> = [];
  for (const [label, target] of Object.entries(LONG_INPUT_TARGETS)) {
    for (const field of target.texts) {
      for (const shape of Object.keys(LONG_VALUE_SHAPES) as LongValueShape[]) {
        const body = longBody(target, field, shape);
        const started = performance.now();
        const response = await fetch(`${server.url}${target.path()}`, {
          method: target.method,
          headers: headers(target.admin ? cookie : undefined),
          body,
        });
        await response.arrayBuffer();
        rows.push({ field: `${label} ${field} (${shape})`, status: response.status, ms: performance.now() - started });
      }
    }
  }

  const width = Math.max(...rows.map((row) => row.field.length));
  console.log(`${'field'.padEnd(width)}  status  ms`);
  for (const row of rows) console.log(`${row.field.padEnd(width)}  ${String(row.status).padEnd(6)}  ${row.ms.toFixed(1)}`);
  const times = rows.map((row) => row.ms).sort((a, b) => a - b);
  const median = times.length % 2 ? times[(times.length - 1) / 2]! : (times[times.length / 2 - 1]! + times[times.length / 2]!) / 2;
  const statuses = [...new Set(rows.map((row) => row.status))].sort().join(', ');
  console.log(
    `\n${rows.length} requests of ${longBody(LONG_INPUT_TARGETS['POST /api/auth/recovery']!, 'email', 'letters').length} bytes; ` +
      `statuses ${statuses}; median ${median.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
  );
} finally {
  await stopServerProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}
