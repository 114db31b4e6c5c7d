// One webhook delivery over HTTP (issue 48, item 3): to an address the guard allows at connection time, no redirect
// followed, at most 10 seconds in all and 64 KB of the answer read, so that no endpoint can hold a worker or fill
// its memory. What came back (or why nothing did) is what the delivery log shows.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { bareHost, checkAddress, type DestinationPolicy, guardedLookup, RefusedDestination } from './address-guard.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_RESPONSE_MAX_BYTES = 64 * 1024;

export interface WebhookPost {
  url: string;
  body: string;
  headers: Record<string, string>;
  policy: DestinationPolicy;
  timeoutMs?: number;
}

/** An answer was received: `ok` for any 2xx. The body is cut at 64 KB. */
export interface WebhookAnswer {
  status: number;
  ok: boolean;
  durationMs: number;
  body: string;
}

/** Why nothing usable came back; `refused` when the guard would not connect at all. */
export class WebhookSendError extends Error {
  constructor(
    readonly reason: 'refused' | 'timeout' | 'network',
    message: string,
    readonly durationMs: number,
  ) {
    super(message);
  }
}

export function postWebhook({ url, body, headers, policy, timeoutMs = WEBHOOK_TIMEOUT_MS }: WebhookPost): Promise<WebhookAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const fail = (error: WebhookSendError) => reject(error);
    // A literal address is never looked up: it is judged here.
    const literal = bareHost(target);
    try {
      if (isIP(literal)) checkAddress(literal, policy);
    } catch (error) {
      return fail(new WebhookSendError('refused', (error as Error).message, 0));
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString(), ...headers },
        lookup: guardedLookup(policy) as never,
        timeout: timeoutMs,
      },
      (response) => readCapped(response).then((text) => resolve(answerOf(response, text, elapsed())), (error: Error) => fail(new WebhookSendError('network', error.message, elapsed()))),
    );
    // The whole exchange, not only an idle socket, is bounded: a trickling endpoint is cut at the deadline too.
    const deadline = setTimeout(() => request.destroy(new WebhookSendError('timeout', `no answer within ${timeoutMs} ms`, elapsed())), timeoutMs);
    request.on('timeout', () => request.destroy(new WebhookSendError('timeout', `no answer within ${timeoutMs} ms`, elapsed())));
    request.on('error', (error) => {
      if (error instanceof WebhookSendError) return fail(error);
      fail(new WebhookSendError(error instanceof RefusedDestination ? 'refused' : 'network', error.message, elapsed()));
    });
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}

function answerOf(response: IncomingMessage, body: string, durationMs: number): WebhookAnswer {
  const status = response.statusCode ?? 0;
  return { status, ok: status >= 200 && status < 300, durationMs, body };
}

/** The answer's first 64 KB; the rest is not read (the connection is closed). */
function readCapped(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      const room = WEBHOOK_RESPONSE_MAX_BYTES - size;
      chunks.push(chunk.subarray(0, room));
      size += Math.min(chunk.length, room);
      if (size >= WEBHOOK_RESPONSE_MAX_BYTES) {
        response.destroy();
        resolve(Buffer.concat(chunks).toString('utf8'));
      }
    });
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', reject);
  });
}
