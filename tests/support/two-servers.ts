import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from './server-process.ts';
import { signInTo } from './server-sign-in.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export const TWO_SERVERS_PASSWORD = 'correct-horse-battery-staple-42';

/** Two real server processes on one fresh PostgreSQL database, an owner signed in on each. */
export interface TwoServers {
  database: TestDatabase;
  servers: [ServerProcess, ServerProcess];
  /** The owner's Cookie header on each server. */
  cookies: [string, string];
  /** A client address of its own for each request, so the per-IP limits stay out of the way. */
  freshIp(): string;
  /** JSON to /api/admin on one server, as the owner: the status and the parsed body. */
  admin(instance: 0 | 1, method: string, url: string, payload?: object): Promise<{ status: number; body: unknown }>;
  stop(): Promise<void>;
}

export async function startTwoServers(name: string, env: Record<string, string> = {}): Promise<TwoServers> {
  const database = await createTestDatabase();
  const email = `${name}@example.com`;
  await upsertAdmin(database.handle.db, email, TWO_SERVERS_PASSWORD);
  const dataDir = mkdtempSync(join(tmpdir(), `mesa-${name}-`));
  const subnet = 100 + (name.length % 100);
  let ipCounter = 0;
  const freshIp = () => `10.${subnet}.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;
  const start = (instance: string) =>
    startServerProcess({
      DATABASE_URL: database.url!,
      DATA_DIR: join(dataDir, instance),
      SESSION_SECRET: `${name}-two-instances-secret-0123456789abcdef`,
      TRUST_PROXY: 'true',
      ...env,
    });
  const servers = (await Promise.all([start('first'), start('second')])) as [ServerProcess, ServerProcess];
  const cookies = (await Promise.all(
    servers.map((server) => signInTo(server, { email, password: TWO_SERVERS_PASSWORD }, { 'x-forwarded-for': freshIp() })),
  )) as [string, string];
  return {
    database,
    servers,
    cookies,
    freshIp,
    async admin(instance, method, url, payload) {
      const server = servers[instance];
      const response = await fetch(`${server.url}/api/admin${url}`, {
        method,
        headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': freshIp(), cookie: cookies[instance] },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      });
      return { status: response.status, body: await response.json().catch(() => undefined) };
    },
    async stop() {
      await Promise.all(servers.map((server) => stopServerProcess(server)));
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
