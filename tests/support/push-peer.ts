import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { createServer, globalAgent, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rootCertificates } from 'node:tls';
import { Arrivals } from './wait-for.ts';

/*
 * A local Web Push service and a browser to go with it.
 *
 * The peer answers POST /push/<id> the way FCM and Mozilla autopush do (201 Created with a Location), keeps every
 * request's headers and raw body, checks the VAPID JWT of RFC 8292 itself, and can be told to answer 410 Gone for a
 * subscription or 500 for the next requests. It speaks HTTPS, as every real push service does: the `web-push`
 * library only ever calls https.request(). Its self-signed certificate (built here, no openssl needed) is trusted
 * through https.globalAgent while the peer runs, which is the agent web-push uses when none is given.
 *
 * createBrowserSubscription() plays the user agent of RFC 8291: it owns the P-256 key pair and auth secret of a
 * PushSubscription and decrypts what arrives, with node:crypto only.
 */

/** The claims of a VAPID JWT that verified, and the application server key it was signed with. */
export interface VapidIdentity {
  header: { typ?: string; alg: string };
  claims: { aud: string; exp: number; sub: string };
  /** The `k=` parameter: the base64url uncompressed P-256 public key of the application server. */
  publicKey: string;
}

export interface PushRequest {
  method: string;
  /** The request path, e.g. '/push/abc'. */
  path: string;
  /** The subscription id of the path ('abc'), or null for any other path. */
  id: string | null;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** What the peer answered. */
  status: number;
  /** The verified VAPID identity, or null when the Authorization header did not verify (see vapidError). */
  vapid: VapidIdentity | null;
  vapidError: string | null;
}

export interface PushPeer {
  /** 'https://127.0.0.1:PORT': the push service's origin, which is the `aud` of a VAPID JWT meant for it. */
  readonly url: string;
  /** Every request received, in arrival order, whatever the answer. */
  readonly requests: PushRequest[];
  /** The requests for one subscription path ('/push/<id>' or the full endpoint URL). */
  requestsFor(endpointOrPath: string): PushRequest[];
  /** Answers 410 Gone to this subscription from now on, as a push service does once the browser unsubscribed. */
  expire(endpointOrPath: string): void;
  /** Answers 500 to the next `count` push requests, as an overloaded push service would. */
  failNext(count: number): void;
  /** Resolves with the requests once at least `count` have arrived; rejects after `timeoutMs`. */
  waitForRequests(count: number, timeoutMs?: number): Promise<PushRequest[]>;
  /** Forgets requests, expired paths and pending failures (between tests). */
  reset(): void;
  close(): Promise<void>;
}

export async function startPushPeer(): Promise<PushPeer> {
  const { key, cert } = selfSignedCertificate('127.0.0.1');
  const arrivals = new Arrivals<PushRequest>('push peer');
  const requests = arrivals.items;
  const gone = new Set<string>();
  let failuresLeft = 0;
  let origin = '';

  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const id = /^\/push\/([\w-]+)$/.exec(path)?.[1] ?? null;
      let vapid: VapidIdentity | null = null;
      let vapidError: string | null = null;
      try {
        vapid = verifyVapidAuthorization(request.headers.authorization, origin);
      } catch (error) {
        vapidError = error instanceof Error ? error.message : String(error);
      }
      const ttl = request.headers.ttl;
      let status: number;
      if (request.method !== 'POST' || id === null) status = 404;
      else if (vapid === null) status = 401; // autopush and FCM refuse a missing or bad VAPID token
      else if (ttl === undefined || !/^\d+$/.test(ttl as string)) status = 400; // autopush: TTL is required
      else if (request.headers['content-encoding'] !== 'aes128gcm' && chunks.length > 0) status = 415;
      else if (gone.has(path)) status = 410;
      else if (failuresLeft > 0) {
        failuresLeft--;
        status = 500;
      } else status = 201;

      arrivals.push({
        method: request.method ?? '',
        path,
        id,
        headers: request.headers,
        body: Buffer.concat(chunks),
        status,
        vapid,
        vapidError,
      });
      if (status === 201) response.setHeader('Location', `${origin}/m/${randomBytes(12).toString('base64url')}`);
      if (ttl !== undefined) response.setHeader('TTL', ttl);
      response.writeHead(status, { 'Content-Type': 'text/plain' });
      response.end(status === 201 ? '' : `push peer answered ${status}${vapidError ? `: ${vapidError}` : ''}`);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // web-push calls https.request() without an agent: trust the peer's certificate there, next to the usual roots.
  const previousCa = globalAgent.options.ca;
  globalAgent.options.ca = [...rootCertificates, cert];

  const pathOf = (endpointOrPath: string) =>
    endpointOrPath.startsWith('/') ? endpointOrPath : new URL(endpointOrPath).pathname;

  return {
    url: origin,
    requests,
    requestsFor: (endpointOrPath) => requests.filter((request) => request.path === pathOf(endpointOrPath)),
    expire(endpointOrPath) {
      gone.add(pathOf(endpointOrPath));
    },
    failNext(count) {
      failuresLeft = count;
    },
    waitForRequests: (count, timeoutMs) => arrivals.waitFor(count, timeoutMs),
    reset() {
      arrivals.clear();
      gone.clear();
      failuresLeft = 0;
    },
    async close() {
      globalAgent.options.ca = previousCa;
      // web-push's sockets stay in the global agent's keep-alive pool; the peer does not wait for them.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/* ------------------------------------------------------------------------------------------------------------- */
/* The browser side: a PushSubscription and RFC 8291 decryption.                                                  */
/* ------------------------------------------------------------------------------------------------------------- */

export interface BrowserSubscription {
  /** What PushSubscription.toJSON() gives (minus expirationTime): the body of POST /api/admin/push/subscription. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  endpoint: string;
  /** Decrypts an aes128gcm push message body (RFC 8188 + RFC 8291) as the browser would, to UTF-8 text. */
  decrypt(body: Buffer): string;
}

/**
 * A new subscription at the peer: a fresh P-256 key pair and 16-byte auth secret, as PushManager.subscribe() makes.
 * `keys` fixes them instead (base64url private scalar and auth secret), e.g. to replay RFC 8291's worked example.
 */
export function createBrowserSubscription(
  peer: Pick<PushPeer, 'url'>,
  keys?: { privateKey: string; auth: string },
): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  if (keys) ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
  else ecdh.generateKeys();
  const uaPublic = ecdh.getPublicKey(); // uncompressed: 0x04 || X || Y, 65 bytes
  const authSecret = keys ? Buffer.from(keys.auth, 'base64url') : randomBytes(16);
  const endpoint = `${peer.url}/push/${randomBytes(18).toString('base64url')}`;
  return {
    endpoint,
    json: { endpoint, keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') } },
    decrypt: (body) => decryptAes128gcm(body, ecdh, uaPublic, authSecret).toString('utf8'),
  };
}

const TAG_LENGTH = 16;

function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, uaPublic: Buffer, authSecret: Buffer): Buffer {
  // RFC 8188 §2.1: salt (16) || rs (uint32) || idlen (1) || keyid (idlen) || records
  if (body.length < 21) throw new Error(`push body too short for an aes128gcm header: ${body.length} bytes`);
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const headerLength = 21 + idLength;
  // RFC 8291 §4: the keyid is the application server's ephemeral public key, uncompressed, so exactly 65 bytes.
  if (idLength !== 65) throw new Error(`aes128gcm keyid must be the 65-byte as_public, got ${idLength} bytes`);
  if (recordSize < TAG_LENGTH + 2) throw new Error(`invalid record size ${recordSize}`);
  const asPublic = body.subarray(21, headerLength);
  if (asPublic[0] !== 0x04) throw new Error('as_public is not an uncompressed P-256 point');

  // RFC 8291 §3.3 and §3.4
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), uaPublic, asPublic]);
  const ikm = hkdfExpand(prkKey, keyInfo, 32);
  // RFC 8188 §2.2 and §2.3
  const prk = hmac(salt, ikm);
  const cek = hkdfExpand(prk, Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'), 16);
  const baseNonce = hkdfExpand(prk, Buffer.from('Content-Encoding: nonce\0', 'latin1'), 12);

  const records = body.subarray(headerLength);
  if (records.length === 0) throw new Error('push body has no records');
  const plaintexts: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence++) {
    const record = records.subarray(offset, offset + recordSize);
    const last = offset + recordSize >= records.length;
    if (record.length <= TAG_LENGTH) throw new Error(`record ${sequence} is too short`);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonceFor(baseNonce, sequence));
    decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_LENGTH)), decipher.final()]);
    // §2: data || delimiter (0x01, or 0x02 in the last record) || zero padding
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (end < 0) throw new Error(`record ${sequence} has no padding delimiter`);
    const expected = last ? 0x02 : 0x01;
    if (padded[end] !== expected) {
      throw new Error(`record ${sequence} ends with delimiter 0x${padded[end]!.toString(16)}, expected 0x0${expected}`);
    }
    plaintexts.push(padded.subarray(0, end));
  }
  return Buffer.concat(plaintexts);
}

/** RFC 8188 §2.3: the nonce of record SEQ is the base nonce XOR SEQ as a 96-bit big-endian integer. */
function nonceFor(base: Buffer, sequence: number): Buffer {
  const nonce = Buffer.from(base);
  // A push message never has 2^32 records: only the low 32 bits can change.
  nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
  return nonce;
}

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** HKDF-Expand of RFC 5869 with SHA-256. */
function hkdfExpand(prk: Buffer, info: Buffer, length: number): Buffer {
  const blocks: Buffer[] = [];
  for (let counter = 1, size = 0; size < length; counter++) {
    // T(n) = HMAC(PRK, T(n-1) || info || n), T(0) empty
    const block = hmac(prk, Buffer.concat([blocks.at(-1) ?? Buffer.alloc(0), info, Buffer.from([counter])]));
    blocks.push(block);
    size += block.length;
  }
  return Buffer.concat(blocks).subarray(0, length);
}

/* ------------------------------------------------------------------------------------------------------------- */
/* VAPID (RFC 8292)                                                                                               */
/* ------------------------------------------------------------------------------------------------------------- */

/** An uncompressed P-256 public key (65 bytes, base64url) as a KeyObject; throws if it is not a point of the curve. */
export function p256PublicKey(base64url: string) {
  const raw = Buffer.from(base64url, 'base64url');
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error(`not an uncompressed P-256 public key (${raw.length} bytes)`);
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
}

/**
 * Checks an `Authorization: vapid t=<JWT>, k=<key>` header as a push service does: an ES256 JWT signed by `k`, for
 * this push service (`aud`), not expired and valid for at most 24 hours (`exp`), with a contact (`sub`, mailto: or
 * https:). Throws with the reason otherwise.
 */
export function verifyVapidAuthorization(authorization: string | undefined, audience: string, nowMs = Date.now()): VapidIdentity {
  if (!authorization) throw new Error('no Authorization header');
  const scheme = /^vapid\s+(\S.*)$/i.exec(authorization);
  if (!scheme) throw new Error(`Authorization scheme is not vapid: ${authorization.slice(0, 20)}`);
  const params = new Map<string, string>();
  for (const part of scheme[1]!.split(',')) {
    const match = /^\s*([a-z]+)\s*=\s*(\S+)\s*$/i.exec(part);
    if (!match) throw new Error(`malformed vapid parameter: ${part}`);
    params.set(match[1]!.toLowerCase(), match[2]!);
  }
  const token = params.get('t');
  const publicKey = params.get('k');
  if (!token || !publicKey) throw new Error('vapid needs both t= and k=');

  const segments = token.split('.');
  if (segments.length !== 3) throw new Error('the vapid token is not a JWS compact serialisation');
  const [encodedHeader, encodedClaims, encodedSignature] = segments as [string, string, string];
  const header = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString('utf8')) as VapidIdentity['header'];
  if (header.alg !== 'ES256') throw new Error(`vapid token alg is ${header.alg}, not ES256`);
  if (header.typ !== undefined && header.typ !== 'JWT') throw new Error(`vapid token typ is ${header.typ}`);
  const signature = Buffer.from(encodedSignature, 'base64url');
  if (signature.length !== 64) throw new Error(`ES256 signature must be 64 bytes (r || s), got ${signature.length}`);
  const valid = verify(
    'sha256',
    Buffer.from(`${encodedHeader}.${encodedClaims}`, 'ascii'),
    { key: p256PublicKey(publicKey), dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!valid) throw new Error('the vapid token signature does not verify with k');

  const claims = JSON.parse(Buffer.from(encodedClaims, 'base64url').toString('utf8')) as VapidIdentity['claims'];
  if (claims.aud !== audience) throw new Error(`vapid aud is ${claims.aud}, expected ${audience}`);
  const now = Math.floor(nowMs / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new Error(`vapid exp ${claims.exp} is not in the future`);
  if (claims.exp > now + 24 * 60 * 60) throw new Error(`vapid exp ${claims.exp} is more than 24 hours away`);
  let subject: URL;
  try {
    subject = new URL(claims.sub);
  } catch {
    throw new Error(`vapid sub is not a URL: ${claims.sub}`);
  }
  if (subject.protocol !== 'mailto:' && subject.protocol !== 'https:') {
    throw new Error(`vapid sub is not mailto: or https: (${claims.sub})`);
  }
  return { header, claims, publicKey };
}

/* ------------------------------------------------------------------------------------------------------------- */
/* A self-signed certificate for 127.0.0.1, in DER by hand: node:crypto signs but cannot issue certificates.      */
/* ------------------------------------------------------------------------------------------------------------- */

function selfSignedCertificate(ip: string): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaWithSha256 = der(0x30, oid('1.2.840.10045.4.3.2'));
  const name = der(0x30, der(0x31, der(0x30, oid('2.5.4.3'), der(0x0c, Buffer.from('Mesa test push service')))));
  const now = Date.now();
  const validity = der(0x30, utcTime(new Date(now - 60 * 60_000)), utcTime(new Date(now + 24 * 60 * 60_000)));
  const serial = randomBytes(16);
  // A positive INTEGER in DER's minimal form: a leading 0x00 before a byte under 0x80 is 'illegal padding', which
  // OpenSSL refuses (one certificate in about 250 failed to load).
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const ipBytes = Buffer.from(ip.split('.').map(Number));
  const subjectAltName = der(0x30, oid('2.5.29.17'), der(0x04, der(0x30, der(0x87, ipBytes))));
  const TRUE = der(0x01, Buffer.from([0xff]));
  const basicConstraints = der(0x30, oid('2.5.29.19'), TRUE, der(0x04, der(0x30, TRUE))); // critical, cA
  const tbs = der(
    0x30,
    der(0xa0, der(0x02, Buffer.from([2]))), // v3
    der(0x02, serial),
    ecdsaWithSha256,
    name,
    validity,
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(0xa3, der(0x30, subjectAltName, basicConstraints)),
  );
  const signature = sign('sha256', tbs, privateKey); // DER Ecdsa-Sig-Value
  const certificate = der(0x30, tbs, ecdsaWithSha256, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const base64 = certificate.toString('base64').replace(/(.{64})/g, '$1\n').trimEnd();
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    cert: `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`,
  };
}

function der(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  let length: Buffer;
  if (body.length < 0x80) length = Buffer.from([body.length]);
  else {
    const bytes: number[] = [];
    for (let n = body.length; n > 0; n >>>= 8) bytes.unshift(n & 0xff);
    length = Buffer.from([0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number) as [number, number, ...number[]];
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let n = arc >>> 7; n > 0; n >>>= 7) chunk.unshift((n & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'; // YYMMDDHHMMSSZ
  return der(0x17, Buffer.from(text, 'ascii'));
}
