// Secrets the owner types in the browser (the SMTP password) are kept in the database only as AES-256-GCM
// ciphertext. The key never is: it comes from SECRETS_KEY or, unset, from DATA_DIR/secrets-key (made on first use,
// mode 0600), so a database dump or a backup alone opens nothing.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plaintext: string): string;
  /** Null when the ciphertext was sealed under another key (another DATA_DIR without a shared SECRETS_KEY). */
  open(sealed: string): string | null;
}

export const secretsKeyFile = (dataDir: string) => join(dataDir, 'secrets-key');

function fileKey(dataDir: string): string {
  const file = secretsKeyFile(dataDir);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // 'wx': of two processes starting together on one DATA_DIR, the second reads the first one's key.
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

export function secretBox(source: { secretsKey: string | undefined; dataDir: string }): SecretBox {
  let key: Buffer | null = null;
  // Read on first use, so a server that never stores a secret never writes the key file.
  const keyBytes = () => (key ??= createHash('sha256').update(source.secretsKey ?? fileKey(source.dataDir), 'utf8').digest());
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyBytes(), iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      const [version, payload] = sealed.split(':');
      if (version !== VERSION || !payload) return null;
      const bytes = Buffer.from(payload, 'base64');
      if (bytes.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyBytes(), bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
