import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { sharedSecret } from '../../platform/app-secrets.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const SECRET_NAME = 'vapid';

/**
 * The VAPID key pair: from the environment when given, otherwise generated on first start and kept in the database,
 * so every instance signs with the same key and subscriptions survive restarts.
 */
export async function loadVapidKeys(db: Database, vapid: Config['vapid']): Promise<VapidKeys> {
  if (vapid.publicKey && vapid.privateKey) {
    return { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: vapid.subject };
  }
  const stored = JSON.parse(await sharedSecret(db, SECRET_NAME, JSON.stringify(webpush.generateVAPIDKeys()))) as {
    publicKey: string;
    privateKey: string;
  };
  return { ...stored, subject: vapid.subject };
}
