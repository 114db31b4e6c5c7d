import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/* The plumbing the local fakes of outside services (stripe/, messaging/) share: their HTTP server and answers. */

/** What an API route answers; `drop` closes the connection without an answer (a provider that cannot be reached). */
export interface ApiAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  drop?: boolean;
}

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export function sendAnswer(response: ServerResponse, answer: ApiAnswer): void {
  if (answer.drop) {
    response.socket?.destroy();
    return;
  }
  response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
  response.end(JSON.stringify(answer.body));
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(html);
}

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { Location: location });
  response.end();
}

/** Listens on host:port (0: any free port) and tells where: `url` is what the fake's *_API_URL is set to. */
export async function listen(server: Server, port: number, host: string): Promise<{ host: string; port: number; url: string }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return { host, port: address.port, url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}` };
}

export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
