import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import { Arrivals } from './wait-for.ts';

/** One message the peer accepted: the SMTP envelope and the RFC 822 text exactly as received. */
export interface ReceivedMessage {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
}

export interface SmtpPeer {
  /** 'smtp://127.0.0.1:PORT', for smtpTransport(). */
  readonly url: string;
  readonly port: number;
  /** Accepted messages, in arrival order. */
  readonly messages: ReceivedMessage[];
  /** Every MAIL FROM seen, refused or not: how many delivery attempts reached the server. */
  readonly transactions: number;
  /** Refuses the next `count` transactions with a temporary 451, as a server that is down or overloaded would. */
  failNextConnections(count: number): void;
  /** Resolves with the messages once at least `count` have arrived; rejects after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMessage[]>;
  /** Forgets received messages, pending failures and the transaction count (between tests). */
  reset(): void;
  /** Stops listening (connections are refused at TCP level) until start() binds the same port again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (random port, no TLS) that keeps what it receives. With `credentials` it refuses
 * any other user and password (535) and mail from a client that did not sign in (530), as a provider's server does.
 */
export async function startSmtpPeer(credentials?: { user: string; pass: string }): Promise<SmtpPeer> {
  const arrivals = new Arrivals<ReceivedMessage>('SMTP peer');
  const messages = arrivals.items;
  let failuresLeft = 0;
  let transactions = 0;
  let port = 0;
  let server: SMTPServer | null = null;

  const create = () =>
    new SMTPServer({
      authOptional: !credentials,
      disabledCommands: ['STARTTLS'],
      // Without `credentials`, those of an SMTP_URL are accepted as they are: the peer checks delivery.
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (credentials && (auth.username !== credentials.user || auth.password !== credentials.pass)) {
          const error: SMTPServerError = new Error('Authentication credentials invalid');
          error.responseCode = 535;
          return callback(error);
        }
        callback(null, { user: auth.username ?? 'anonymous' });
      },
      logger: false,
      // 127.0.0.1 needs no reverse DNS, and a slow resolver would stall every connection.
      disableReverseLookup: true,
      // Nodemailer quits after each message; a peer that lingers would only slow close() down.
      closeTimeout: 100,
      onMailFrom(_address, _session, callback) {
        transactions++;
        if (failuresLeft > 0) {
          failuresLeft--;
          const error: SMTPServerError = new Error('Service temporarily unavailable, try again later');
          error.responseCode = 451;
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          arrivals.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });

  const start = async () => {
    if (server) return;
    const next = create();
    await new Promise<void>((resolve, reject) => {
      next.server.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.server.off('error', reject);
        resolve();
      });
    });
    port = (next.server.address() as AddressInfo).port;
    server = next;
  };

  const stop = async () => {
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await start();

  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    messages,
    get transactions() {
      return transactions;
    },
    failNextConnections(count) {
      failuresLeft = count;
    },
    waitForMessages: (count, timeoutMs) => arrivals.waitFor(count, timeoutMs),
    reset() {
      arrivals.clear();
      failuresLeft = 0;
      transactions = 0;
    },
    stop,
    start,
    close: stop,
  };
}

/** A received message split into decoded headers and body: enough MIME for the single-part mail Mesa sends. */
export interface ParsedEmail {
  headers: Map<string, string>;
  header(name: string): string | undefined;
  /** The text/plain part, transfer-decoded. */
  text: string;
  /** The text/html part, transfer-decoded; null when there is none. */
  html: string | null;
}

export function parseEmail(raw: string): ParsedEmail {
  const normalised = raw.replace(/\r\n/g, '\n');
  const split = normalised.indexOf('\n\n');
  const headerBlock = split === -1 ? normalised : normalised.slice(0, split);
  const body = split === -1 ? '' : normalised.slice(split + 2);
  const headers = parseHeaders(headerBlock);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  let text: string;
  let html: string | null = null;
  if (boundary && /^multipart\//i.test(contentType)) {
    // The text/plain and text/html parts of an alternative (text + html) message, or of one inside a mixed message
    // (with attachments).
    const parts = body.split(`--${boundary}`).slice(1, -1).map((part) => parseEmail(part.replace(/^\n/, '')));
    const typeOf = (part: ParsedEmail) => part.header('content-type') ?? 'text/plain';
    const nested = parts.find((part) => /^multipart\//i.test(typeOf(part)));
    const plain = parts.find((part) => /^text\/plain/i.test(typeOf(part)));
    text = plain?.text ?? nested?.text ?? '';
    html = parts.find((part) => /^text\/html/i.test(typeOf(part)))?.text ?? nested?.html ?? null;
  } else {
    text = decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit', charsetOf(contentType));
  }
  return { headers, header: (name) => headers.get(name.toLowerCase()), text, html };
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeEncodedWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function charsetOf(contentType: string): BufferEncoding {
  const charset = /charset="?([^";]+)"?/i.exec(contentType)?.[1]?.toLowerCase() ?? 'utf-8';
  return charset === 'us-ascii' || charset === 'utf-8' || charset === 'utf8' ? 'utf8' : 'latin1';
}

function decodeBody(body: string, encoding: string, charset: BufferEncoding): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString(charset);
    case 'quoted-printable':
      return decodeQuotedPrintable(body).toString(charset);
    default:
      return body;
  }
}

function decodeQuotedPrintable(text: string): Buffer {
  const softBreaksRemoved = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const char = softBreaksRemoved[i]!;
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words; adjacent words are joined before decoding, so a character split between them survives. */
function decodeEncodedWords(value: string): string {
  const word = /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi;
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1');
  return joined.replace(/(?:=\?[^?]+\?[BQ]\?[^?]*\?=)+/gi, (run) => {
    const buffers: Buffer[] = [];
    let charset: BufferEncoding = 'utf8';
    for (const match of run.matchAll(word)) {
      charset = charsetOf(`charset=${match[1]}`);
      const payload = match[3] ?? '';
      buffers.push(
        match[2]!.toUpperCase() === 'B'
          ? Buffer.from(payload, 'base64')
          : decodeQuotedPrintable(payload.replace(/_/g, ' ')),
      );
    }
    return Buffer.concat(buffers).toString(charset);
  });
}
