// The providers Mesa messages guests through: what the owner saved in 'Mensajería', opened with the secret box, and
// where requests go (WHATSAPP_API_URL, TWILIO_API_URL: the local fake; unset, Meta and Twilio themselves).
import { eq } from 'drizzle-orm';
import type { MessageChannel, MessageTemplateNames } from '@shared/schemas/messaging.ts';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { messagingSettings } from '../../db/schema.ts';
import { secretBox, type SecretBox } from '../../platform/secret-box.ts';

export interface MessagingContext {
  box: SecretBox;
  whatsappApiUrl: URL | undefined;
  twilioApiUrl: URL | undefined;
  publicUrl: URL;
}

export const messagingContext = (
  config: Pick<Config, 'secretsKey' | 'dataDir' | 'whatsappApiUrl' | 'twilioApiUrl' | 'publicUrl'>,
): MessagingContext => ({
  box: secretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir }),
  whatsappApiUrl: config.whatsappApiUrl,
  twilioApiUrl: config.twilioApiUrl,
  publicUrl: config.publicUrl,
});

export interface WhatsAppAccount {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  templates: MessageTemplateNames;
}

export interface SmsAccount {
  accountSid: string;
  authToken: string;
  /** An E.164 number or a Messaging Service SID (MG…). */
  sender: string;
}

/** Each channel as it can be used now: null when off, not fully set up, or sealed under another SECRETS_KEY. */
export interface MessagingAccounts {
  whatsapp: WhatsAppAccount | null;
  sms: SmsAccount | null;
}

export type MessagingSettingsRow = typeof messagingSettings.$inferSelect;

export const findMessagingSettings = (db: Executor) =>
  db
    .select()
    .from(messagingSettings)
    .where(eq(messagingSettings.id, 1))
    .then((rows) => rows[0] ?? null);

function openWhatsApp(row: MessagingSettingsRow, box: SecretBox): WhatsAppAccount | null {
  const open = (sealed: string | null) => (sealed === null ? null : box.open(sealed));
  const accessToken = open(row.whatsappAccessTokenCiphertext);
  const appSecret = open(row.whatsappAppSecretCiphertext);
  const verifyToken = open(row.whatsappVerifyTokenCiphertext);
  if (!row.whatsappPhoneNumberId || !accessToken || !appSecret || !verifyToken || !row.whatsappTemplates) return null;
  return { phoneNumberId: row.whatsappPhoneNumberId, accessToken, appSecret, verifyToken, templates: row.whatsappTemplates };
}

function openSms(row: MessagingSettingsRow, box: SecretBox): SmsAccount | null {
  const authToken = row.twilioAuthTokenCiphertext === null ? null : box.open(row.twilioAuthTokenCiphertext);
  if (!row.twilioAccountSid || !authToken || !row.twilioSender) return null;
  return { accountSid: row.twilioAccountSid, authToken, sender: row.twilioSender };
}

/** The saved accounts, opened; a webhook's signature is checked with them even while its channel is switched off. */
export function openAccounts(row: MessagingSettingsRow | null, box: SecretBox): MessagingAccounts {
  if (!row) return { whatsapp: null, sms: null };
  return { whatsapp: openWhatsApp(row, box), sms: openSms(row, box) };
}

/** The accounts of the channels switched on. */
export async function activeAccounts(db: Executor, box: SecretBox): Promise<MessagingAccounts> {
  const row = await findMessagingSettings(db);
  const accounts = openAccounts(row, box);
  return { whatsapp: row?.whatsappEnabled ? accounts.whatsapp : null, sms: row?.smsEnabled ? accounts.sms : null };
}

/**
 * The channel the booking form offers (item 2): WhatsApp when it is on, else SMS when it is on, else none. Read from
 * the switches only, so the public form never opens a secret.
 */
export async function offeredChannel(db: Executor): Promise<MessageChannel | null> {
  const channels = await switchedOnChannels(db);
  if (channels.whatsapp) return 'whatsapp';
  if (channels.sms) return 'sms';
  return null;
}

/** Which channels the owner has switched on, from the switches alone (the privacy policy names their providers). */
export async function switchedOnChannels(db: Executor): Promise<Record<MessageChannel, boolean>> {
  const row = await findMessagingSettings(db);
  return { whatsapp: row?.whatsappEnabled ?? false, sms: row?.smsEnabled ?? false };
}
