// Deliveries signed as the Standard Webhooks specification says (https://www.standardwebhooks.com), through its own
// library, so that the receiver's library of any language verifies them: `webhook-id`, `webhook-timestamp` (seconds)
// and `webhook-signature` ('v1,' + base64 HMAC-SHA256 of "id.timestamp.body" under the endpoint's secret).
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

const SECRET_PREFIX = 'whsec_';

/** A new endpoint's secret, shown to the owner once: 'whsec_' and 32 random bytes in base64. */
export const newWebhookSecret = (): string => SECRET_PREFIX + randomBytes(32).toString('base64');

export function signedHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': Math.floor(at.getTime() / 1000).toString(),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}
