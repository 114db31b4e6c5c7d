// Sending one message through its provider (issue 46): Meta's WhatsApp Cloud API over HTTPS, SMS through Twilio's
// SDK. Each answers the provider's id of the message (wamid.… / SM…), through which its receipts and the guest's
// answers find it again.
import { REPLY_PAYLOADS } from '@shared/rules/guest-replies.ts';
import type { MessageContent } from '../../db/schema.ts';
import type { MessageChannel } from '@shared/schemas/messaging.ts';
import type { MessagingAccounts, MessagingContext, SmsAccount, WhatsAppAccount } from './connection.ts';
import { twilioClient } from './twilio-client.ts';
import type { GraphErrorBody, GraphSendRequest, GraphSendResponse, GraphTemplateComponent } from './whatsapp-types.ts';

export const GRAPH_API_VERSION = 'v21.0';
const GRAPH_URL = 'https://graph.facebook.com';
const SEND_TIMEOUT_MS = 15_000;
/** Graph's "template name does not exist in the translation": try again in Spanish (item 1). */
const TEMPLATE_NOT_IN_LANGUAGE = 132001;
export const TWILIO_WEBHOOK_PATH = '/messaging/twilio/webhook';
export const WHATSAPP_WEBHOOK_PATH = '/messaging/whatsapp/webhook';

/** A refusal retrying cannot change (a bad number, a template that does not exist): no more tries. */
export class PermanentSendError extends Error {}

function templateComponents(content: Extract<MessageContent, { type: 'template' }>): GraphTemplateComponent[] {
  const body: GraphTemplateComponent[] = content.parameters.length
    ? [{ type: 'body', parameters: content.parameters.map((text) => ({ type: 'text', text })) }]
    : [];
  const buttons: GraphTemplateComponent[] = (content.quickReplies ?? []).map((payload, index) => ({
    type: 'button',
    sub_type: 'quick_reply',
    index: String(index),
    parameters: [{ type: 'payload', payload }],
  }));
  return [...body, ...buttons];
}

type GraphAnswer = { id: string } | { status: number; code: number | null; message: string };

async function postGraph(account: WhatsAppAccount, context: MessagingContext, request: GraphSendRequest): Promise<GraphAnswer> {
  const base = (context.whatsappApiUrl?.toString() ?? GRAPH_URL).replace(/\/$/, '');
  const response = await fetch(`${base}/${GRAPH_API_VERSION}/${encodeURIComponent(account.phoneNumberId)}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => null)) as GraphSendResponse | GraphErrorBody | null;
  if (response.ok && answer && 'messages' in answer && answer.messages[0]) return { id: answer.messages[0].id };
  const error = answer && 'error' in answer ? answer.error : null;
  return { status: response.status, code: error?.code ?? null, message: error?.message ?? `HTTP ${response.status}` };
}

export async function sendWhatsApp(account: WhatsAppAccount, context: MessagingContext, to: string, content: MessageContent): Promise<string> {
  const base = { messaging_product: 'whatsapp' as const, recipient_type: 'individual' as const, to };
  const request = (language: string): GraphSendRequest =>
    content.type === 'text'
      ? { ...base, type: 'text', text: { body: content.text, preview_url: false } }
      : { ...base, type: 'template', template: { name: content.name, language: { code: language }, components: templateComponents(content) } };
  const language = content.type === 'template' ? content.language : 'es';
  let answer = await postGraph(account, context, request(language));
  if ('code' in answer && answer.code === TEMPLATE_NOT_IN_LANGUAGE && language !== 'es') answer = await postGraph(account, context, request('es'));
  if ('id' in answer) return answer.id;
  const message = `WhatsApp ${answer.status}${answer.code === null ? '' : ` (#${answer.code})`}: ${answer.message}`;
  // 4xx other than auth, throttling and a timeout is a refusal of this message as it is.
  const permanent = answer.status >= 400 && answer.status < 500 && ![401, 403, 408, 429].includes(answer.status);
  throw permanent ? new PermanentSendError(message) : new Error(message);
}

/** `reference`: Mesa's id of the message, put in the status callback's URL (receipts.ts). */
export async function sendSms(account: SmsAccount, context: MessagingContext, to: string, text: string, reference?: number): Promise<string> {
  const client = twilioClient(account.accountSid, account.authToken, context.twilioApiUrl?.toString());
  const sender = account.sender.startsWith('MG') ? { messagingServiceSid: account.sender } : { from: account.sender };
  try {
    const message = await client.messages.create({
      to,
      body: text,
      ...sender,
      statusCallback: new URL(`/api/public${TWILIO_WEBHOOK_PATH}${reference === undefined ? '' : `?message=${reference}`}`, context.publicUrl).toString(),
    });
    return message.sid;
  } catch (error) {
    const status = (error as { status?: number }).status;
    const message = `Twilio${status ? ` ${status}` : ''}: ${error instanceof Error ? error.message : String(error)}`;
    throw status !== undefined && status >= 400 && status < 500 && ![401, 403, 429].includes(status) ? new PermanentSendError(message) : new Error(message);
  }
}

/** The reminder's quick replies, 'Confirmo' then 'No puedo ir', as the approved template's buttons 0 and 1. */
export const REMINDER_QUICK_REPLIES = [REPLY_PAYLOADS.confirm, REPLY_PAYLOADS.cancel];

/** Sends by the channel's account; null when that channel cannot be used now (off, or its keys unreadable here). */
export async function sendByChannel(
  accounts: MessagingAccounts,
  context: MessagingContext,
  channel: MessageChannel,
  to: string,
  content: MessageContent,
  reference?: number,
): Promise<string | null> {
  if (channel === 'whatsapp') return accounts.whatsapp ? sendWhatsApp(accounts.whatsapp, context, to, content) : null;
  if (!accounts.sms) return null;
  return sendSms(accounts.sms, context, to, content.type === 'text' ? content.text : content.parameters.join(' '), reference);
}
