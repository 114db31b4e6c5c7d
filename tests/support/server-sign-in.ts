import { expect } from 'vitest';
import type { ServerProcess } from './server-process.ts';

/** Signs in to `server` as a browser would (its own Origin, plus `headers`) and returns the Cookie header to send. */
export async function signInTo(
  server: ServerProcess,
  account: { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...headers },
    body: JSON.stringify(account),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}
