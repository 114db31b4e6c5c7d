import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validMetaSignature, validTwilioSignature } from '../../src/server/modules/messaging/webhook-signatures.ts';
import { Arrivals } from './wait-for.ts';

/*
 * A stand-in for Mesa's messaging webhooks in tests of the fake providers: it checks each callback's signature with
 * Mesa's own checks (messaging/webhook-signatures.ts), answers 403 to a bad one, and answers Meta's GET
 * verification handshake.
 */

export interface MesaArrival {
  provider: 'whatsapp' | 'twilio';
  /** The full URL called, with its query. */
  url: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  signatureValid: boolean;
}

export interface ReceiverSecrets {
  appSecret: string;
  verifyToken: string;
  twilioAuthToken: string;
}

export interface FakeMesaReceiver {
  url: string;
  arrivals: Arrivals<MesaArrival>;
  /** The next `count` callbacks get a 500 (not recorded), as a Mesa that is down. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

export async function startFakeMesaReceiver(secrets: ReceiverSecrets): Promise<FakeMesaReceiver> {
  const arrivals = new Arrivals<MesaArrival>('Mesa webhook receiver');
  let refusals = 0;
  let base = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', base);
      if (request.method === 'GET' && url.pathname.endsWith('/whatsapp/webhook')) {
        const ok = url.searchParams.get('hub.mode') === 'subscribe' && url.searchParams.get('hub.verify_token') === secrets.verifyToken;
        response.writeHead(ok ? 200 : 403, { 'Content-Type': 'text/plain' }).end(ok ? (url.searchParams.get('hub.challenge') ?? '') : 'Forbidden');
        return;
      }
      if (refusals > 0) {
        refusals--;
        response.writeHead(500).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const provider = url.pathname.includes('/whatsapp/') ? 'whatsapp' : 'twilio';
      const signatureValid =
        provider === 'whatsapp'
          ? validMetaSignature(secrets.appSecret, body, request.headers['x-hub-signature-256'] as string | undefined)
          : validTwilioSignature(secrets.twilioAuthToken, url.href, Object.fromEntries(new URLSearchParams(body)), request.headers['x-twilio-signature'] as string | undefined);
      arrivals.push({ provider, url: url.href, body, headers: request.headers, signatureValid });
      response.writeHead(signatureValid ? 200 : 403).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    arrivals,
    refuseNext: (count) => {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
