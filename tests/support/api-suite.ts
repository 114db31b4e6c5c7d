import { rmSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { builtIndexRoot } from './built-index.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export interface ApiSuite {
  app(): TestApp;
  db(): TestApp['instance']['database']['db'];
  /** The owner's Cookie header ('' when the suite signs no owner in). */
  owner(): string;
  /** JSON to /api/admin: as the owner, as `cookie`'s holder, or as nobody (null). */
  api(method: NonNullable<InjectOptions['method']>, url: string, payload?: unknown, cookie?: string | null): ReturnType<TestApp['request']>;
}

export interface ApiSuiteOptions extends TestAppOptions {
  /** The owner's email, for a file that names its owner. */
  ownerEmail?: string;
  /** false: nobody is signed in at the start (a file about signing in, the first run, or the guests' side alone). */
  owner?: boolean;
  /**
   * A file bound to a moment: the app runs on a ManualClock (the suite's `clock`) set to this instant, and set back to
   * it before each test.
   */
  at?: string;
  /** The app serves the web client's pages from a built index.html (built-index.ts) in a folder removed after the file. */
  builtIndex?: boolean;
  /** Set-up once the app has started and its owner is signed in: settings, a peer's webhook, rows every test reads. */
  afterStart?: (app: TestApp) => unknown;
}

/** What a suite stands on besides the app: a peer (SMTP, fake Stripe, fake messaging) started before it, closed after it. */
export interface Peer {
  close(): Promise<unknown> | unknown;
}

/**
 * The set-up of an API test file (the test kit's start: tests/support/bookings.ts has its addresses and booking bodies,
 * factories.ts its rows and settings): one app on a fresh test database for the file, with its owner signed in (as
 * `ownerEmail` when the file names them; nobody with `owner: false`). Options that depend on a peer are given as a
 * function, called in beforeAll after the peers the file started with usePeer.
 */
export function useApiSuite(options: ApiSuiteOptions & { at: string }): ApiSuite & { clock: ManualClock };
export function useApiSuite(options?: ApiSuiteOptions | (() => ApiSuiteOptions)): ApiSuite;
export function useApiSuite(options: ApiSuiteOptions | (() => ApiSuiteOptions) = {}): ApiSuite & { clock?: ManualClock } {
  let app: TestApp | undefined;
  let owner = '';
  let webRoot: string | undefined;
  const at = typeof options === 'function' ? undefined : options.at;
  const clock = at === undefined ? undefined : new ManualClock(at);
  beforeAll(async () => {
    const { ownerEmail, owner: signOwnerIn = true, afterStart, at: _at, builtIndex, ...appOptions } = typeof options === 'function' ? options() : options;
    if (builtIndex) webRoot = builtIndexRoot();
    app = await createTestApp({ ...appOptions, ...(clock ? { clock } : {}), ...(webRoot ? { webRoot } : {}) });
    if (signOwnerIn) owner = await app.signIn(ownerEmail ? { email: ownerEmail } : {});
    await afterStart?.(app);
  });
  afterAll(async () => {
    await app?.close();
    if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  });
  if (clock) beforeEach(() => clock.set(at!));
  const started = () => {
    if (!app) throw new Error('useApiSuite: the app starts in beforeAll');
    return app;
  };
  return {
    clock,
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

/**
 * A peer the file's app talks to (an SMTP server, the fake Stripe or messaging providers), started in beforeAll and
 * closed in afterAll. Called before useApiSuite, it starts before the app and closes after it (Vitest runs the after
 * hooks in reverse order).
 */
export function usePeer<T extends Peer>(start: () => Promise<T>): () => T {
  let peer: T | undefined;
  beforeAll(async () => {
    peer = await start();
  });
  afterAll(() => peer?.close());
  return () => {
    if (!peer) throw new Error('usePeer: the peer starts in beforeAll');
    return peer;
  };
}
