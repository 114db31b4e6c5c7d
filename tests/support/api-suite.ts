import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export interface ApiSuite {
  app(): TestApp;
  db(): TestApp['instance']['database']['db'];
  /** The owner's Cookie header. */
  owner(): string;
  /** JSON to /api/admin: as the owner, as `cookie`'s holder, or as nobody (null). */
  api(method: NonNullable<InjectOptions['method']>, url: string, payload?: unknown, cookie?: string | null): ReturnType<TestApp['request']>;
}

/**
 * The set-up of an API test file (the test kit's start: tests/support/bookings.ts has its addresses and booking bodies,
 * factories.ts its rows and settings): one app on a fresh test database for the file, with its owner signed in (as
 * `ownerEmail` when the file names them).
 */
export function useApiSuite({ ownerEmail, ...options }: TestAppOptions & { ownerEmail?: string } = {}): ApiSuite {
  let app: TestApp | undefined;
  let owner = '';
  beforeAll(async () => {
    app = await createTestApp(options);
    owner = await app.signIn(ownerEmail ? { email: ownerEmail } : {});
  });
  afterAll(() => app?.close());
  const started = () => {
    if (!app) throw new Error('useApiSuite: the app starts in beforeAll');
    return app;
  };
  return {
    app: started,
    db: () => started().instance.database.db,
    owner: () => owner,
    api: (method, url, payload, cookie = owner) =>
      started().request({
        method,
        url: `/api/admin${url}`,
        ...(cookie ? { cookie } : {}),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}
