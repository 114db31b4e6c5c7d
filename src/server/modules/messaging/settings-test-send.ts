// 'Enviar prueba' of Configuración › Mensajería (issue 46, item 1): one message sent at once with the saved account
// (not through the outbox, switched on or not), so the owner sees the provider's answer before guests depend on it.
import { formatMessage } from '@shared/messages.ts';
import { formatLongDate, SAMPLE_RESERVATION } from '@shared/rules/templates.ts';
import type { MessagingTestInput, MessagingTestResult } from '@shared/schemas/messaging-settings.ts';
import { messagingSettingsMessages } from '@shared/staff-messages/messaging-settings.ts';
import type { Executor } from '../../db/client.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { findMessagingSettings, type MessagingContext, openAccounts } from './connection.ts';
import { readPhone } from './phone-numbers.ts';
import { sendSms, sendWhatsApp } from './providers.ts';

const text = messagingSettingsMessages;

function recipient(input: MessagingTestInput): string {
  const phone = readPhone(input.to);
  if (!phone.ok) throw badRequest(text.validation.phone, { to: text.validation.phone });
  return phone.e164;
}

const answer = async (send: () => Promise<string>): Promise<MessagingTestResult> => {
  try {
    await send();
    return { ok: true, message: text.testOk };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
};

/** The saved confirmation template in Spanish, with a sample booking's parameters in the documented order. */
export async function sendWhatsAppTest(db: Executor, context: MessagingContext, input: MessagingTestInput): Promise<MessagingTestResult> {
  const to = recipient(input);
  const account = openAccounts(await findMessagingSettings(db), context.box).whatsapp;
  if (!account?.templates.confirmation) throw conflict('whatsapp_not_configured', text.errors.whatsappNotConfigured);
  const { name: restaurant } = await getRestaurantConfig(db);
  const parameters = [
    SAMPLE_RESERVATION.customerName,
    restaurant,
    formatLongDate(SAMPLE_RESERVATION.reservationDate),
    SAMPLE_RESERVATION.reservationTime,
    String(SAMPLE_RESERVATION.numberOfPeople),
    new URL('/', context.publicUrl).toString(),
  ];
  const content = { type: 'template' as const, name: account.templates.confirmation, language: 'es', parameters };
  return answer(() => sendWhatsApp(account, context, to, content));
}

export async function sendSmsTest(db: Executor, context: MessagingContext, input: MessagingTestInput): Promise<MessagingTestResult> {
  const to = recipient(input);
  const account = openAccounts(await findMessagingSettings(db), context.box).sms;
  if (!account) throw conflict('sms_not_configured', text.errors.smsNotConfigured);
  const { name: restaurant } = await getRestaurantConfig(db);
  return answer(() => sendSms(account, context, to, formatMessage(text.sms.testText, { restaurant })));
}
