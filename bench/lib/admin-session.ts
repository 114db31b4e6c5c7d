import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../src/server/db/client.ts';
import { embeddedDatabaseDir } from '../../src/server/instance.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';

export interface AdminAccount {
  email: string;
  password: string;
}

/**
 * Creates the bench's administrator directly in the database. On PGlite the server must not be running on `dataDir`
 * (one process per data directory), so the caller stops it first.
 */
export async function createAdmin(target: { dataDir: string; databaseUrl: string | undefined }): Promise<AdminAccount> {
  const account = { email: 'bench-admin@example.com', password: `Bench-${randomBytes(12).toString('base64url')}` };
  const handle = await openDatabase(
    target.databaseUrl
      ? { kind: 'postgres', url: target.databaseUrl, poolSize: 1 }
      : { kind: 'pglite', dataDir: embeddedDatabaseDir(target.dataDir) },
  );
  try {
    await upsertAdmin(handle.db, account.email, account.password);
  } finally {
    await handle.close();
  }
  return account;
}

/** Signs in as a browser would (Origin = the server) and returns the Cookie header to send. */
export async function signIn(baseUrl: string, account: AdminAccount): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  if (cookies.length === 0) throw new Error('login answered without a session cookie');
  return cookies.join('; ');
}
