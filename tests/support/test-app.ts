import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type Config, loadConfig } from '../../src/server/config.ts';
import { type Instance, startInstance } from '../../src/server/instance.ts';
import type { Clock } from '../../src/server/platform/clock.ts';
import type { MailTransport } from '../../src/server/platform/mailer.ts';
import { createSession, sessionCookieName } from '../../src/server/platform/sessions.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertStaff } from './factories.ts';
import type { StaffRole } from '../../src/shared/rules/permissions.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-hmac-0123456789',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: TEST_ORIGIN,
    ...env,
  });
}

export interface TestAppOptions {
  clock?: Clock;
  transport?: MailTransport;
  /** Share a database with another test app (two instances); by default each app gets a fresh one. */
  database?: TestDatabase;
  listen?: boolean;
  webRoot?: string | null;
  outboxPollMs?: number;
  outboxRetryBaseMs?: number;
  /** Tries before a delivery worker gives a row up (each worker's default unless given). */
  outboxMaxAttempts?: number;
  /** Environment variables for this app's config (BACKUP_HOUR, say). */
  env?: Record<string, string>;
  /** The server's logger options (a test that reads the log passes its own stream); silent by default. */
  logger?: Parameters<typeof startInstance>[0]['logger'];
}

export interface TestApp {
  instance: Instance;
  database: TestDatabase;
  dataDir: string;
  config: Config;
  /** app.inject with the same-origin header a browser sends on writes. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  /** Creates a user (admin unless roles say otherwise) and returns the Cookie header of a fresh session. */
  signIn(options?: { roles?: StaffRole[]; email?: string }): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const handle = ownsDatabase ? database.handle : await database.open();
  const dataDir = mkdtempSync(join(tmpdir(), 'mesa-app-'));
  const config = testConfig(dataDir, options.env);
  const instance = await startInstance({
    config,
    database: handle,
    clock: options.clock,
    transport: options.transport,
    logger: options.logger,
    webRoot: options.webRoot ?? null,
    listen: options.listen ?? false,
    scheduler: false,
    outbox: { pollIntervalMs: options.outboxPollMs, retryBaseMs: options.outboxRetryBaseMs, ...(options.outboxMaxAttempts ? { maxAttempts: options.outboxMaxAttempts } : {}) },
  });
  const sessionContext = {
    db: handle.db,
    clock: options.clock ?? { now: () => new Date() },
    secret: instance.sessionSecret,
    secureCookies: false,
  };

  return {
    instance,
    database,
    dataDir,
    config,
    request({ cookie, headers, ...rest }) {
      return instance.app.inject({
        ...rest,
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
      });
    },
    async signIn({ roles = ['admin' as const], email = `staff-${randomUUID()}@example.com` }: Parameters<TestApp['signIn']>[0] = {}) {
      const user = await insertStaff(handle.db, { email, roles });
      const id = await createSession(sessionContext, { userId: user.id });
      return `${sessionCookieName(false)}=${id}`;
    },
    async close() {
      await instance.stop();
      // A shared database's handles are closed by whoever destroys it.
      if (ownsDatabase) await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
