// The providers' notifications read into answers and receipts (issue 46). Both answer `true` when the provider should
// deliver again later: a receipt that arrived before Mesa finished recording the send it is about.
import type { GuestReply } from '@shared/rules/guest-replies.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { receiveAnswer } from './answers.ts';
import type { SmsAccount, WhatsAppAccount } from './connection.ts';
import { applyReceipt, type ReceiptStatus } from './receipts.ts';
import type { WhatsAppInboundMessage, WhatsAppStatus, WhatsAppWebhook } from './whatsapp-types.ts';

/** A receipt for an id Mesa does not know yet is asked again for this long; later it is someone else's message. */
const RECEIPT_WAIT_MS = 2 * 60_000;

const isRecent = (deps: ServiceDeps, at: Date) => deps.clock.now().getTime() - at.getTime() < RECEIPT_WAIT_MS;

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

function whatsappReply(message: WhatsAppInboundMessage): { reply: GuestReply; text: string } {
  if (message.type === 'button') return { reply: { kind: 'button', payload: message.button.payload }, text: message.button.text };
  if (message.type === 'interactive') {
    const { id, title } = message.interactive.button_reply;
    return { reply: { kind: 'button', payload: id }, text: title };
  }
  if (message.type === 'text') return { reply: { kind: 'text', text: message.text.body }, text: message.text.body };
  // A photo, a voice note, a location…: something for staff to look at in WhatsApp.
  const other = `[${String((message as { type?: unknown }).type ?? 'mensaje')}]`;
  return { reply: { kind: 'text', text: other }, text: other };
}

async function whatsappReceipt(deps: ServiceDeps, status: WhatsAppStatus): Promise<boolean> {
  if (!['sent', 'delivered', 'read', 'failed'].includes(status.status)) return false;
  const error = status.errors?.[0];
  const known = await applyReceipt(deps, {
    channel: 'whatsapp',
    providerMessageId: status.id,
    status: status.status,
    error: error ? `WhatsApp #${error.code}: ${error.title}` : null,
  });
  return !known && isRecent(deps, new Date(Number(status.timestamp) * 1000));
}

export async function receiveWhatsAppNotification(deps: ServiceDeps, account: WhatsAppAccount, body: Buffer): Promise<boolean> {
  const notification = parseJson(body) as Partial<WhatsAppWebhook> | null;
  let retry = false;
  for (const entry of Array.isArray(notification?.entry) ? notification.entry : []) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      const value = change?.value;
      if (change?.field !== 'messages' || !value || value.metadata?.phone_number_id !== account.phoneNumberId) continue;
      for (const message of value.messages ?? []) {
        if (typeof message?.id !== 'string' || typeof message.from !== 'string') continue;
        const { reply, text } = whatsappReply(message);
        const from = `+${message.from.replace(/\D/g, '')}`;
        await receiveAnswer(deps, { channel: 'whatsapp', providerMessageId: message.id, from, reply, text, inReplyTo: message.context?.id ?? null });
      }
      for (const status of value.statuses ?? []) {
        if (typeof status?.id === 'string' && (await whatsappReceipt(deps, status))) retry = true;
      }
    }
  }
  return retry;
}

/** Twilio's message states, as Mesa's receipts ('queued', 'accepted', 'sending' say nothing new). */
const TWILIO_STATUS: Record<string, ReceiptStatus> = { sent: 'sent', delivered: 'delivered', read: 'read', undelivered: 'failed', failed: 'failed' };

/** `reference`: Mesa's id of the message, carried in the status callback's URL, for a receipt faster than the send's answer. */
export async function receiveTwilioCallback(deps: ServiceDeps, account: SmsAccount, fields: Record<string, string>, reference: number | null): Promise<void> {
  if (fields.AccountSid !== account.accountSid) return;
  const sid = fields.MessageSid ?? fields.SmsSid;
  if (!sid) return;
  const incoming = fields.SmsStatus === 'received' || (fields.Body !== undefined && fields.MessageStatus === undefined);
  if (incoming) {
    const text = fields.Body ?? '';
    await receiveAnswer(deps, { channel: 'sms', providerMessageId: sid, from: fields.From ?? '', reply: { kind: 'text', text }, text, inReplyTo: null });
    return;
  }
  const status = TWILIO_STATUS[fields.MessageStatus ?? ''];
  if (!status) return;
  const error = fields.ErrorCode ? `Twilio ${fields.ErrorCode}${fields.ErrorMessage ? `: ${fields.ErrorMessage}` : ''}` : null;
  await applyReceipt(deps, { channel: 'sms', providerMessageId: sid, status, error }, reference);
}
