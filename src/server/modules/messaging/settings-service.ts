// Configuración › Mensajería (issue 46, item 1): the owner's WhatsApp (Meta) and SMS (Twilio) accounts, the secrets
// sealed by the secret box like the SMTP password and the Stripe keys, shown back only as "saved".
import { eq } from 'drizzle-orm';
import { formatMessage } from '@shared/messages.ts';
import { type MessageTemplateNames, TEMPLATE_MESSAGE_KINDS } from '@shared/schemas/messaging.ts';
import {
  EMPTY_TEMPLATE_NAMES,
  type MessagingSettingsView,
  type smsSettingsInputSchema,
  type whatsappSettingsInputSchema,
} from '@shared/schemas/messaging-settings.ts';
import { messagingSettingsMessages } from '@shared/staff-messages/messaging-settings.ts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { messagingSettings } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { recordSensitiveChange, type SensitiveActor } from '../security/service.ts';
import { findMessagingSettings, type MessagingContext, type MessagingSettingsRow } from './connection.ts';
import { TWILIO_WEBHOOK_PATH, WHATSAPP_WEBHOOK_PATH } from './providers.ts';

const text = messagingSettingsMessages;

export type MessagingChannelName = 'whatsapp' | 'sms';

const lockSettings = (tx: Executor) =>
  tx
    .select()
    .from(messagingSettings)
    .where(eq(messagingSettings.id, 1))
    .for('update')
    .then((rows) => rows[0] ?? null);

/** A sealed secret this server can open (or none saved: nothing to read). */
const readable = (box: SecretBox, sealed: string | null | undefined) => !sealed || box.open(sealed) !== null;
const opens = (box: SecretBox, sealed: string | null | undefined) => Boolean(sealed) && box.open(sealed!) !== null;

export async function messagingSettingsView(db: Executor, context: MessagingContext): Promise<MessagingSettingsView> {
  const row = await findMessagingSettings(db);
  const { box, publicUrl } = context;
  return {
    whatsapp: {
      enabled: row?.whatsappEnabled ?? false,
      phoneNumberId: row?.whatsappPhoneNumberId ?? null,
      accessTokenSaved: Boolean(row?.whatsappAccessTokenCiphertext),
      appSecretSaved: Boolean(row?.whatsappAppSecretCiphertext),
      verifyTokenSaved: Boolean(row?.whatsappVerifyTokenCiphertext),
      templates: { ...EMPTY_TEMPLATE_NAMES, ...row?.whatsappTemplates },
      webhookUrl: new URL(`/api/public${WHATSAPP_WEBHOOK_PATH}`, publicUrl).toString(),
      readable: [row?.whatsappAccessTokenCiphertext, row?.whatsappAppSecretCiphertext, row?.whatsappVerifyTokenCiphertext].every((sealed) =>
        readable(box, sealed),
      ),
    },
    sms: {
      enabled: row?.smsEnabled ?? false,
      accountSid: row?.twilioAccountSid ?? null,
      authTokenSaved: Boolean(row?.twilioAuthTokenCiphertext),
      sender: row?.twilioSender ?? null,
      webhookUrl: new URL(`/api/public${TWILIO_WEBHOOK_PATH}`, publicUrl).toString(),
      readable: readable(box, row?.twilioAuthTokenCiphertext),
    },
  };
}

/** A new secret sealed, else the saved one kept (null where none is saved or this server cannot open it). */
function keptOrSealed(box: SecretBox, typed: string | undefined, saved: string | null | undefined): string | null {
  if (typed) return box.seal(typed);
  return opens(box, saved) ? saved! : null;
}

/** 400 naming what the switch still needs, on the fields that lack it. */
function refuseIncomplete(missing: Array<[field: string, label: string]>): never {
  const message = formatMessage(text.validation.missingToEnable, { missing: missing.map(([, label]) => label).join(', ') });
  throw badRequest(message, Object.fromEntries(missing.map(([field]) => [field, message])));
}

type WhatsAppValues = Pick<
  MessagingSettingsRow,
  | 'whatsappEnabled'
  | 'whatsappPhoneNumberId'
  | 'whatsappAccessTokenCiphertext'
  | 'whatsappAppSecretCiphertext'
  | 'whatsappVerifyTokenCiphertext'
  | 'whatsappTemplates'
>;

function whatsappValues(box: SecretBox, input: z.output<typeof whatsappSettingsInputSchema>, current: MessagingSettingsRow | null): WhatsAppValues {
  const values: WhatsAppValues = {
    whatsappEnabled: input.enabled,
    whatsappPhoneNumberId: input.phoneNumberId,
    whatsappAccessTokenCiphertext: keptOrSealed(box, input.accessToken, current?.whatsappAccessTokenCiphertext),
    whatsappAppSecretCiphertext: keptOrSealed(box, input.appSecret, current?.whatsappAppSecretCiphertext),
    whatsappVerifyTokenCiphertext: keptOrSealed(box, input.verifyToken, current?.whatsappVerifyTokenCiphertext),
    whatsappTemplates: input.templates,
  };
  if (!values.whatsappAccessTokenCiphertext) throw badRequest(text.validation.accessTokenRequired, { accessToken: text.validation.accessTokenRequired });
  if (input.enabled) {
    const w = text.whatsapp;
    const missing: Array<[string, string]> = [
      ...(values.whatsappAppSecretCiphertext ? [] : [['appSecret', w.appSecret] as [string, string]]),
      ...(values.whatsappVerifyTokenCiphertext ? [] : [['verifyToken', w.verifyToken] as [string, string]]),
      ...TEMPLATE_MESSAGE_KINDS.filter((kind) => kind !== 'feedback' && !input.templates[kind]).map((kind) => [`templates.${kind}`, w.templates[kind]] as [string, string]),
    ];
    if (missing.length) refuseIncomplete(missing);
  }
  return values;
}

type SmsValues = Pick<MessagingSettingsRow, 'smsEnabled' | 'twilioAccountSid' | 'twilioAuthTokenCiphertext' | 'twilioSender'>;

function smsValues(box: SecretBox, input: z.output<typeof smsSettingsInputSchema>, current: MessagingSettingsRow | null): SmsValues {
  const values: SmsValues = {
    smsEnabled: input.enabled,
    twilioAccountSid: input.accountSid,
    twilioAuthTokenCiphertext: keptOrSealed(box, input.authToken, current?.twilioAuthTokenCiphertext),
    twilioSender: input.sender || null,
  };
  if (!values.twilioAuthTokenCiphertext) throw badRequest(text.validation.authTokenRequired, { authToken: text.validation.authTokenRequired });
  if (input.enabled && !values.twilioSender) refuseIncomplete([['sender', text.sms.sender]]);
  return values;
}

/** Seguridad's line for a WhatsApp save: what changed, a new secret said as "nuevo", never shown. */
function describeWhatsApp(before: MessagingSettingsRow | null, after: WhatsAppValues): string[] {
  const c = text.change;
  const templates: MessageTemplateNames = { ...EMPTY_TEMPLATE_NAMES, ...before?.whatsappTemplates };
  return [
    ...((before?.whatsappEnabled ?? false) === after.whatsappEnabled ? [] : [after.whatsappEnabled ? c.enabled : c.disabled]),
    ...(before?.whatsappPhoneNumberId === after.whatsappPhoneNumberId ? [] : [formatMessage(c.phoneNumberId, { value: after.whatsappPhoneNumberId ?? '' })]),
    ...(before?.whatsappAccessTokenCiphertext === after.whatsappAccessTokenCiphertext ? [] : [c.accessToken]),
    ...(before?.whatsappAppSecretCiphertext === after.whatsappAppSecretCiphertext ? [] : [c.appSecret]),
    ...(before?.whatsappVerifyTokenCiphertext === after.whatsappVerifyTokenCiphertext ? [] : [c.verifyToken]),
    ...TEMPLATE_MESSAGE_KINDS.filter((kind) => templates[kind] !== after.whatsappTemplates![kind]).map((kind) =>
      formatMessage(c.template, { kind: text.templateKinds[kind], value: after.whatsappTemplates![kind] || c.none }),
    ),
  ];
}

function describeSms(before: MessagingSettingsRow | null, after: SmsValues): string[] {
  const c = text.change;
  return [
    ...((before?.smsEnabled ?? false) === after.smsEnabled ? [] : [after.smsEnabled ? c.enabled : c.disabled]),
    ...(before?.twilioAccountSid === after.twilioAccountSid ? [] : [formatMessage(c.accountSid, { value: after.twilioAccountSid ?? '' })]),
    ...(before?.twilioAuthTokenCiphertext === after.twilioAuthTokenCiphertext ? [] : [c.authToken]),
    ...(before?.twilioSender === after.twilioSender ? [] : [formatMessage(c.sender, { value: after.twilioSender ?? c.none })]),
  ];
}

const detailOf = (channel: MessagingChannelName, changes: string[]) =>
  `${text.change[channel]}: ${changes.length ? changes.join(', ') : text.change.nothing}`;

async function writeChannel(
  deps: ServiceDeps,
  actor: SensitiveActor,
  change: (current: MessagingSettingsRow | null) => { values: Partial<MessagingSettingsRow>; detail: string },
  action: 'messaging_settings_saved' | 'messaging_settings_removed',
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const current = await lockSettings(tx);
    const { values, detail } = change(current);
    const set = { ...values, updatedAt: deps.clock.now() };
    await tx.insert(messagingSettings).values({ id: 1, ...set }).onConflictDoUpdate({ target: messagingSettings.id, set });
    await recordChange(tx, { table: 'messaging_settings', action: 'update', id: '1' });
    await recordSensitiveChange(tx, { at: deps.clock.now(), actor, action, detail });
  });
}

/**
 * 'Guardar' of the WhatsApp card: the owner's alone behind a fresh sign-in (permissions.ts), a line in Seguridad. An
 * empty secret field keeps the saved one; the switch stays off until every secret and template is saved.
 */
export async function saveWhatsAppSettings(deps: ServiceDeps, context: MessagingContext, input: z.output<typeof whatsappSettingsInputSchema>, actor: SensitiveActor) {
  await writeChannel(
    deps,
    actor,
    (current) => {
      const values = whatsappValues(context.box, input, current);
      return { values, detail: detailOf('whatsapp', describeWhatsApp(current, values)) };
    },
    'messaging_settings_saved',
  );
  return messagingSettingsView(deps.db, context);
}

export async function saveSmsSettings(deps: ServiceDeps, context: MessagingContext, input: z.output<typeof smsSettingsInputSchema>, actor: SensitiveActor) {
  await writeChannel(
    deps,
    actor,
    (current) => {
      const values = smsValues(context.box, input, current);
      return { values, detail: detailOf('sms', describeSms(current, values)) };
    },
    'messaging_settings_saved',
  );
  return messagingSettingsView(deps.db, context);
}

const CLEARED: Record<MessagingChannelName, Partial<MessagingSettingsRow>> = {
  whatsapp: {
    whatsappEnabled: false,
    whatsappPhoneNumberId: null,
    whatsappAccessTokenCiphertext: null,
    whatsappAppSecretCiphertext: null,
    whatsappVerifyTokenCiphertext: null,
    whatsappTemplates: null,
  },
  sms: { smsEnabled: false, twilioAccountSid: null, twilioAuthTokenCiphertext: null, twilioSender: null },
};

/** 'Borrar': the channel's account forgotten; its guests get email instead. */
export async function removeChannelSettings(deps: ServiceDeps, context: MessagingContext, channel: MessagingChannelName, actor: SensitiveActor) {
  const row = await findMessagingSettings(deps.db);
  const saved = channel === 'whatsapp' ? row?.whatsappAccessTokenCiphertext : row?.twilioAuthTokenCiphertext;
  if (saved) {
    await writeChannel(deps, actor, () => ({ values: CLEARED[channel], detail: detailOf(channel, [text.change.removed]) }), 'messaging_settings_removed');
  }
  return messagingSettingsView(deps.db, context);
}

