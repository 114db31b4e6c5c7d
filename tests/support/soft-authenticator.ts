import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

// A software passkey for API tests: ES256, 'none' attestation, a signature counter. It answers a ceremony's options
// as a browser would post them, and can be told to lie (another origin or RP ID, a counter that does not move).

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 256) return [(major << 5) | 24, length];
  return [(major << 5) | 25, length >> 8, length & 0xff];
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return Buffer.from(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === 'string') return Buffer.concat([Buffer.from(head(3, Buffer.byteLength(value))), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([Buffer.from(head(2, value.length)), value]);
  return Buffer.concat([Buffer.from(head(5, value.size)), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface Lies {
  origin?: string;
  rpId?: string;
  /** The counter to sign with instead of the next one. */
  counter?: number;
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;

  constructor(
    private readonly origin: string,
    private readonly rpId: string,
  ) {}

  get id(): string {
    return b64(this.credentialId);
  }

  private authData(lies: Lies, attested: Buffer | null): Buffer {
    const uv = lies.userVerified ?? true;
    const flags = 0x01 | (uv ? 0x04 : 0) | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(lies.counter ?? (attested ? 0 : ++this.counter));
    return Buffer.concat([sha256(lies.rpId ?? this.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, lies: Lies): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: lies.origin ?? this.origin, crossOrigin: false }));
  }

  /** The answer to registration options ({ challenge }), as startRegistration() gives it. */
  register(options: { challenge: string }, lies: Lies = {}) {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, this.credentialId, cbor(coseKey)]);
    const attestationObject = cbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', this.authData(lies, attested)]]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, lies)), attestationObject: b64(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** The answer to authentication options ({ challenge }), as startAuthentication() gives it. */
  authenticate(options: { challenge: string }, lies: Lies = {}) {
    const authenticatorData = this.authData(lies, null);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, lies);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authenticatorData), signature: b64(signature) },
      clientExtensionResults: {},
    };
  }
}
