import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook, WEBHOOK_RESPONSE_MAX_BYTES, WebhookSendError } from './sender.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
    ),
  );
});

/** A real endpoint on this machine; `host` names it by address or by name. */
async function endpoint(handler: RequestListener, host = '127.0.0.1'): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://${host}:${(server.address() as AddressInfo).port}/hook`;
}

const local = { allowLocal: true };
const send = (url: string, overrides: Partial<Parameters<typeof postWebhook>[0]> = {}) =>
  postWebhook({ url, body: '{"type":"reservation.created"}', headers: { 'webhook-id': 'msg_1' }, policy: local, ...overrides });

describe('postWebhook', () => {
  it('posts the JSON with its headers and reports the answer and how long it took', async () => {
    let received: { body: string; id: string | undefined; type: string | undefined } | null = null;
    const url = await endpoint((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received = { body, id: request.headers['webhook-id'] as string, type: request.headers['content-type'] };
        response.writeHead(204).end();
      });
    });
    const answer = await send(url);
    expect(received).toEqual({ body: '{"type":"reservation.created"}', id: 'msg_1', type: 'application/json' });
    expect(answer).toMatchObject({ status: 204, ok: true, body: '' });
    expect(answer.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('does not follow a redirect', async () => {
    let redirected = false;
    const elsewhere = await endpoint((_request, response) => {
      redirected = true;
      response.end('ok');
    });
    const url = await endpoint((_request, response) => response.writeHead(302, { location: elsewhere }).end());
    const answer = await send(url);
    expect(answer).toMatchObject({ status: 302, ok: false });
    expect(redirected).toBe(false);
  });

  it('reads no more than 64 KB of the answer', async () => {
    const url = await endpoint((_request, response) => response.end('x'.repeat(WEBHOOK_RESPONSE_MAX_BYTES * 4)));
    const answer = await send(url);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(WEBHOOK_RESPONSE_MAX_BYTES);
  });

  it('gives up on an endpoint that does not answer in time, even one that trickles', async () => {
    const silent = await endpoint(() => undefined);
    await expect(send(silent, { timeoutMs: 300 })).rejects.toMatchObject({ reason: 'timeout' });
    const trickling = await endpoint((_request, response) => {
      response.writeHead(200);
      const drip = setInterval(() => response.write('.'), 50);
      response.on('close', () => clearInterval(drip));
    });
    const started = performance.now();
    await expect(send(trickling, { timeoutMs: 400 })).rejects.toBeInstanceOf(WebhookSendError);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("refuses this machine and the local network without 'red local', by address or by name, before connecting", async () => {
    let reached = false;
    const byAddress = await endpoint((_request, response) => {
      reached = true;
      response.end();
    });
    await expect(send(byAddress, { policy: { allowLocal: false } })).rejects.toMatchObject({ reason: 'refused' });
    const byName = byAddress.replace('127.0.0.1', 'localhost');
    await expect(send(byName, { policy: { allowLocal: false } })).rejects.toMatchObject({ reason: 'refused' });
    await expect(send('http://[::ffff:127.0.0.1]:9/hook', { policy: { allowLocal: false } })).rejects.toMatchObject({ reason: 'refused' });
    expect(reached).toBe(false);
  });
});
