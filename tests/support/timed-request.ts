import { freshAddress } from './bookings.ts';

/** An HTTP answer with how long it took since `since` (status 0 when no answer came). */
export interface Timed {
  status: number;
  ms: number;
  body: { error?: { code: string; message: string }; status?: string } | null;
}

export async function timed(request: () => Promise<Response>, since = performance.now()): Promise<Timed> {
  try {
    const response = await request();
    const body = (await response.json().catch(() => null)) as Timed['body'];
    return { status: response.status, ms: performance.now() - since, body };
  } catch {
    return { status: 0, ms: performance.now() - since, body: null };
  }
}

/** How long a test waits for an answer before calling the request hung. */
export const GIVE_UP_MS = 12_000;

/** GET /healthz of the server at `baseUrl`, timed. */
export const timedHealth = (baseUrl: string, since?: number) =>
  timed(() => fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(GIVE_UP_MS) }), since);

/** A public booking sent to the server at `baseUrl`, timed. */
export const timedBooking = (baseUrl: string, body: object, since?: number) =>
  timed(
    () =>
      fetch(`${baseUrl}/api/public/reservations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': freshAddress() },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(GIVE_UP_MS),
      }),
    since,
  );
