// Configuración › Pagos (issue 45, item 6): the owner's Stripe keys, sealed by the secret box like the SMTP password,
// shown back only as a hint, and the connection test through the provider.
import { eq } from 'drizzle-orm';
import { formatMessage } from '@shared/messages.ts';
import {
  isLiveKey,
  type PaymentConnectionTest,
  type PaymentSettingsInput,
  type PaymentSettingsView,
  secretKeyHint,
} from '@shared/schemas/payment-settings.ts';
import { paymentSettingsMessages } from '@shared/staff-messages/payments-settings.ts';
import type { Executor } from '../../db/client.ts';
import { paymentSettings } from '../../db/schema.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { recordSensitiveChange, type SensitiveActor } from '../security/service.ts';
import { findPaymentSettings, paymentProvider, type PaymentsContext } from './connection.ts';
import { STRIPE_WEBHOOK_PATH } from './webhook-routes.ts';

const text = paymentSettingsMessages;

type PaymentSettingsRow = typeof paymentSettings.$inferSelect;


const lockSettings = (tx: Executor) =>
  tx
    .select()
    .from(paymentSettings)
    .where(eq(paymentSettings.id, 1))
    .for('update')
    .then((rows) => rows[0] ?? null);

/** The opened keys: null where nothing is saved or the box cannot open it. */
function openKeys(row: PaymentSettingsRow, context: PaymentsContext) {
  return {
    secretKey: context.box.open(row.secretKeyCiphertext),
    webhookSecret: row.webhookSecretCiphertext === null ? null : context.box.open(row.webhookSecretCiphertext),
  };
}

export async function paymentSettingsView({ db, publicUrl }: ServiceDeps, context: PaymentsContext): Promise<PaymentSettingsView> {
  const row = await findPaymentSettings(db);
  const webhookUrl = new URL(`/api/public${STRIPE_WEBHOOK_PATH}`, publicUrl).toString();
  if (!row) return { connected: false, livemode: false, secretKeyHint: null, webhookSecretSaved: false, keysReadable: true, webhookUrl };
  const keys = openKeys(row, context);
  return {
    connected: true,
    livemode: row.livemode,
    secretKeyHint: keys.secretKey === null ? null : secretKeyHint(keys.secretKey),
    webhookSecretSaved: row.webhookSecretCiphertext !== null,
    keysReadable: keys.secretKey !== null && (row.webhookSecretCiphertext === null || keys.webhookSecret !== null),
    webhookUrl,
  };
}

/** Seguridad's line: the mode, the key's hint and whether a signing secret is kept; never a key. */
function describeKeys(row: PaymentSettingsRow, context: PaymentsContext): string {
  const secretKey = context.box.open(row.secretKeyCiphertext);
  return [
    row.livemode ? text.change.live : text.change.test,
    ...(secretKey === null ? [] : [formatMessage(text.change.key, { hint: secretKeyHint(secretKey) })]),
    row.webhookSecretCiphertext === null ? text.change.noWebhookSecret : text.change.webhookSecret,
  ].join(', ');
}

/**
 * The owner's alone, behind a fresh sign-in (shared/rules/permissions.ts), and a line in Seguridad. A new secret key
 * is needed the first time (and when the saved one cannot be read here); an empty field keeps what is saved.
 */
export async function savePaymentSettings(
  deps: ServiceDeps,
  context: PaymentsContext,
  input: PaymentSettingsInput,
  actor: SensitiveActor,
): Promise<PaymentSettingsView> {
  await deps.db.transaction(async (tx) => {
    const current = await lockSettings(tx);
    const secretKey = input.secretKey || null;
    if (!secretKey && (!current || context.box.open(current.secretKeyCiphertext) === null)) {
      throw badRequest(text.validation.secretKeyRequired, { secretKey: text.validation.secretKeyRequired });
    }
    const values = {
      secretKeyCiphertext: secretKey ? context.box.seal(secretKey) : current!.secretKeyCiphertext,
      webhookSecretCiphertext: input.webhookSecret ? context.box.seal(input.webhookSecret) : (current?.webhookSecretCiphertext ?? null),
      livemode: secretKey ? isLiveKey(secretKey) : current!.livemode,
      updatedAt: deps.clock.now(),
    };
    const [next] = await tx
      .insert(paymentSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: paymentSettings.id, set: values })
      .returning();
    await recordChange(tx, { table: 'payment_settings', action: 'update', id: '1' });
    const detail = current ? `${describeKeys(current, context)} → ${describeKeys(next!, context)}` : describeKeys(next!, context);
    await recordSensitiveChange(tx, { at: deps.clock.now(), actor, action: 'payment_settings_saved', detail });
  });
  return paymentSettingsView(deps, context);
}

export async function removePaymentSettings(deps: ServiceDeps, context: PaymentsContext, actor: SensitiveActor): Promise<PaymentSettingsView> {
  await deps.db.transaction(async (tx) => {
    const current = await lockSettings(tx);
    if (!current) return;
    await tx.delete(paymentSettings);
    await recordChange(tx, { table: 'payment_settings', action: 'delete', id: '1' });
    await recordSensitiveChange(tx, { at: deps.clock.now(), actor, action: 'payment_settings_removed', detail: describeKeys(current, context) });
  });
  return paymentSettingsView(deps, context);
}

/** 'Probar conexión': the saved keys against the provider. Its refusal is an answer, not an error. */
export async function testPaymentConnection({ db }: ServiceDeps, context: PaymentsContext): Promise<PaymentConnectionTest> {
  const row = await findPaymentSettings(db);
  if (!row) throw conflict('payments_not_configured', text.errors.notConfigured);
  const provider = await paymentProvider(db, context);
  if (!provider) throw new AppError(409, 'payment_keys_unreadable', text.unreadable);
  const check = await provider.checkConnection();
  return check.ok ? { ok: true, message: text.testOk, accountName: check.accountName } : { ok: false, message: check.reason };
}
