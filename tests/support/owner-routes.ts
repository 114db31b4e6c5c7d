// The owner's routes (decision 020, issue 41): the settings with secrets in them (Pagos, Mensajería, Integraciones)
// are the owner's alone, and a change to them wants a recent sign-in. The same checks for each of them.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { messages } from '@shared/messages.ts';
import { sessions, users } from '../../src/server/db/schema.ts';
import type { ApiSuite } from './api-suite.ts';
import { uniqueEmail } from './factories.ts';

export type Route = readonly [method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload: unknown];

/** Every route answers an encargado and the floor 403 with the role's message. */
export async function expectOwnersAlone(suite: ApiSuite, routes: readonly Route[]): Promise<void> {
  for (const role of ['manager', 'floor'] as const) {
    const cookie = await suite.app().signIn({ roles: [role] });
    for (const [method, url, payload] of routes) {
      const response = await suite.api(method, url, payload, cookie);
      expect([response.statusCode, response.json().error.message], `${role} ${method} ${url}`).toEqual([403, messages.permissions.role]);
    }
  }
}

/** An owner whose sign-in is an hour old: no longer recent. Returns their Cookie header. */
export async function staleOwner(suite: ApiSuite, email = uniqueEmail('antiguo')): Promise<string> {
  const stale = await suite.app().signIn({ email });
  const [user] = await suite.db().select().from(users).where(eq(users.email, email));
  await suite.db().update(sessions).set({ freshSignInAt: new Date(Date.now() - 60 * 60_000) }).where(eq(sessions.userId, user!.id));
  return stale;
}

/** Every route answers the holder of `cookie` (an owner without a recent sign-in) 403 recent_sign_in_required. */
export async function expectRecentSignInRequired(suite: ApiSuite, cookie: string, routes: readonly Route[]): Promise<void> {
  for (const [method, url, payload] of routes) {
    const response = await suite.api(method, url, payload, cookie);
    expect([response.statusCode, response.json().error.code, response.json().error.message], `${method} ${url}`).toEqual([
      403,
      'recent_sign_in_required',
      messages.permissions.recentSignIn,
    ]);
  }
}

/** Seguridad's sensitive changes whose action starts with `prefix`, newest first. */
export async function sensitiveChangesOf(suite: ApiSuite, prefix: string) {
  const changes = (await suite.api('GET', '/security/sensitive-changes')).json() as Array<{ action: string; detail: string | null; actorEmail: string | null }>;
  return changes.filter((change) => change.action.startsWith(prefix));
}
