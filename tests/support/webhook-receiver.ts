import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP endpoint on 127.0.0.1 that records each POST and answers `status` (changeable between requests). */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  status: number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(status = 200): Promise<WebhookReceiver> {
  const receiver: Omit<WebhookReceiver, 'url' | 'close'> = { received: [], status };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      receiver.received.push({ headers: request.headers, body });
      response.writeHead(receiver.status).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mesa`,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  });
}
