// The provider Mesa charges through: the keys the owner saved in 'Pagos', opened with the secret box, and where the
// SDK sends its requests (STRIPE_API_URL).
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { paymentSettings } from '../../db/schema.ts';
import { secretBox, type SecretBox } from '../../platform/secret-box.ts';
import type { PaymentProvider } from './provider.ts';
import { stripeProvider } from './stripe-provider.ts';

export interface PaymentsContext {
  box: SecretBox;
  stripeApiUrl: URL | undefined;
}

export const paymentsContext = (config: Pick<Config, 'secretsKey' | 'dataDir' | 'stripeApiUrl'>): PaymentsContext => ({
  box: secretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir }),
  stripeApiUrl: config.stripeApiUrl,
});

export const findPaymentSettings = (db: Executor) =>
  db
    .select()
    .from(paymentSettings)
    .where(eq(paymentSettings.id, 1))
    .then((rows) => rows[0] ?? null);

/** The configured provider, or null: no keys saved, or sealed under another SECRETS_KEY (then guarantees pause). */
export async function paymentProvider(db: Executor, context: PaymentsContext): Promise<PaymentProvider | null> {
  const settings = await findPaymentSettings(db);
  if (!settings) return null;
  const secretKey = context.box.open(settings.secretKeyCiphertext);
  if (secretKey === null) return null;
  const webhookSecret = settings.webhookSecretCiphertext === null ? null : context.box.open(settings.webhookSecretCiphertext);
  return stripeProvider({ secretKey, webhookSecret }, context.stripeApiUrl);
}
