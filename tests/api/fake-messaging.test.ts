import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewriteTwilioUri, twilioClient } from '../../src/server/modules/messaging/twilio-client.ts';
import { TWILIO_WEBHOOK_PATH, WHATSAPP_WEBHOOK_PATH } from '../fakes/messaging/callbacks.ts';
import { startFakeMessaging, type FakeMessaging } from '../fakes/messaging/fake-messaging-server.ts';
import { ANSWER_PATH } from '../fakes/messaging/inbox-page.ts';
import type { WhatsAppInboundMessage, WhatsAppStatus, WhatsAppWebhook } from '@server/modules/messaging/whatsapp-types.ts';
import { validMetaSignature } from '../../src/server/modules/messaging/webhook-signatures.ts';
import { startFakeMesaReceiver, type FakeMesaReceiver, type MesaArrival } from '../support/fake-mesa-receiver.ts';

// Issue 46: the local fake of Meta's WhatsApp Cloud API and Twilio's Messages, driven as Mesa will drive them
// (fetch for the Graph API, Twilio's own SDK through twilioClient's rewriting HTTP client), with a stand-in for
// Mesa's webhooks that checks every signature.
const ACCESS_TOKEN = 'EAAGprueba-token';
const PHONE_NUMBER_ID = '106540352242922';
const WABA_ID = '102290129340398';
const APP_SECRET = 'app-secret-de-prueba';
const VERIFY_TOKEN = 'verificar-mesa';
const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'twilio-token-de-prueba';
const SMS_SENDER = '+34911234567';
const DAY_MS = 24 * 60 * 60 * 1000;

let clock = Date.UTC(2026, 10, 29, 9, 0, 0);
let fake: FakeMessaging;
let mesa: FakeMesaReceiver;

beforeAll(async () => {
  mesa = await startFakeMesaReceiver({ appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, twilioAuthToken: AUTH_TOKEN });
  fake = await startFakeMessaging({
    mesaUrl: mesa.url,
    whatsapp: { accessToken: ACCESS_TOKEN, phoneNumberId: PHONE_NUMBER_ID, wabaId: WABA_ID, displayPhoneNumber: '+34 910 000 000', appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN },
    twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN },
    retryDelaysMs: [10, 20, 40],
    now: () => clock,
  });
});

afterAll(async () => {
  await fake.close();
  await mesa.close();
});

/** Twilio's SDK as Mesa makes it, pointed at the fake. */
const client = () => twilioClient(ACCOUNT_SID, AUTH_TOKEN, fake.url);

function graph(path: string, init: { method?: string; body?: unknown; token?: string | null } = {}): Promise<Response> {
  const token = init.token === undefined ? ACCESS_TOKEN : init.token;
  return fetch(`${fake.url}/v21.0/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'Content-Type': 'application/json', ...(token === null ? {} : { Authorization: `Bearer ${token}` }) },
    ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
}

function reminder(to: string, parameters: string[] = ['Ana', 'sábado 5 de diciembre', '21:00']): unknown {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: {
      name: 'recordatorio_reserva',
      language: { code: 'es' },
      components: [
        { type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) },
        { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'CONFIRM:b-1' }] },
        { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'CANCEL:b-1' }] },
      ],
    },
  };
}

async function sendWhatsApp(body: unknown): Promise<string> {
  const response = await graph(`${PHONE_NUMBER_ID}/messages`, { body });
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: { id: string }[] }).messages[0]?.id ?? '';
}

/** The WhatsApp callbacks Mesa received so far (after the fake settled), each checked for its signature. */
async function whatsAppCallbacks(): Promise<WhatsAppWebhook[]> {
  await fake.settled();
  const arrivals = mesa.arrivals.items.filter((item) => item.provider === 'whatsapp');
  expect(arrivals.every((item) => item.signatureValid)).toBe(true);
  return arrivals.map((item) => JSON.parse(item.body) as WhatsAppWebhook);
}

async function statusesOf(messageId: string): Promise<WhatsAppStatus[]> {
  const changes = (await whatsAppCallbacks()).flatMap((hook) => hook.entry.flatMap((entry) => entry.changes.map((change) => change.value)));
  return changes.flatMap((value) => value.statuses ?? []).filter((status) => status.id === messageId);
}

async function inboundFrom(digits: string): Promise<WhatsAppInboundMessage[]> {
  const values = (await whatsAppCallbacks()).flatMap((hook) => hook.entry.flatMap((entry) => entry.changes.map((change) => change.value)));
  return values.flatMap((value) => value.messages ?? []).filter((message) => message.from === digits);
}

async function twilioCallbacks(path: string): Promise<Record<string, string>[]> {
  await fake.settled();
  const arrivals = mesa.arrivals.items.filter((item: MesaArrival) => item.provider === 'twilio' && new URL(item.url).pathname === path);
  expect(arrivals.every((item) => item.signatureValid)).toBe(true);
  return arrivals.map((item) => Object.fromEntries(new URLSearchParams(item.body)));
}

describe('the fake WhatsApp Cloud API', () => {
  it('refuses a missing or wrong token and an unknown phone number id in Graph shape', async () => {
    for (const token of [null, 'EAAwrong']) {
      const response = await graph(`${PHONE_NUMBER_ID}/messages`, { body: reminder('34611000001'), token });
      expect(response.status).toBe(401);
      const { error } = (await response.json()) as { error: { code: number; type: string; fbtrace_id: string } };
      expect(error.code).toBe(190);
      expect(error.type).toBe('OAuthException');
      expect(error.fbtrace_id).toMatch(/\S/);
    }
    const unknown = await graph('999/messages', { body: reminder('34611000001') });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { code: 100, error_subcode: 33 } });
    expect(fake.messages('whatsapp')).toHaveLength(0);
  });

  it('refuses malformed bodies with Graph errors and records nothing', async () => {
    const cases: [unknown, number][] = [
      ['{not json', 100],
      [{ to: '34611000001', type: 'text', text: { body: 'Hola' } }, 100],
      [{ messaging_product: 'whatsapp', type: 'text', text: { body: 'Hola' } }, 100],
      [{ messaging_product: 'whatsapp', to: '34611000001', type: 'template', template: { name: 'recordatorio_reserva' } }, 131008],
      [{ messaging_product: 'whatsapp', to: '34611000001', type: 'text', text: {} }, 131008],
      [{ messaging_product: 'whatsapp', to: '34611000001', type: 'image', image: { link: 'https://x.test/a.png' } }, 131009],
      [{ messaging_product: 'whatsapp', to: 'not a number', type: 'text', text: { body: 'Hola' } }, 131009],
      [reminder('34611000001', ['Ana\nPérez']), 131009],
    ];
    for (const [body, code] of cases) {
      const response = await graph(`${PHONE_NUMBER_ID}/messages`, { body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: number } }).error.code).toBe(code);
    }
    expect(fake.messages('whatsapp')).toHaveLength(0);
  });

  it("sends a template, answers Graph's success shape and reports 'sent' then 'delivered', signed", async () => {
    const response = await graph(`${PHONE_NUMBER_ID}/messages`, { body: reminder('+34 611 000 002') });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { messaging_product: string; contacts: { input: string; wa_id: string }[]; messages: { id: string; message_status?: string }[] };
    expect(answer.messaging_product).toBe('whatsapp');
    expect(answer.contacts).toEqual([{ input: '+34 611 000 002', wa_id: '34611000002' }]);
    const id = answer.messages[0]?.id ?? '';
    expect(id).toMatch(/^wamid\./);
    expect(answer.messages[0]?.message_status).toBe('accepted');

    const statuses = await statusesOf(id);
    expect(statuses.map((status) => status.status)).toEqual(['sent', 'delivered']);
    expect(statuses[0]).toMatchObject({ recipient_id: '34611000002', pricing: { billable: true, category: 'utility' } });
    const hook = (await whatsAppCallbacks()).find((each) => each.entry[0]?.changes[0]?.value.statuses?.[0]?.id === id);
    expect(hook?.object).toBe('whatsapp_business_account');
    expect(hook?.entry[0]?.id).toBe(WABA_ID);
    expect(hook?.entry[0]?.changes[0]?.field).toBe('messages');
    expect(hook?.entry[0]?.changes[0]?.value.metadata).toEqual({ display_phone_number: '34910000000', phone_number_id: PHONE_NUMBER_ID });
    const arrival = mesa.arrivals.items.find((item) => item.body.includes(id));
    expect(validMetaSignature('another-secret', arrival?.body ?? '', arrival?.headers['x-hub-signature-256'] as string)).toBe(false);
    expect(fake.messages('whatsapp').at(-1)?.template).toMatchObject({ name: 'recordatorio_reserva', language: 'es', bodyParameters: ['Ana', 'sábado 5 de diciembre', '21:00'] });

    const templates = (await (await graph(`${WABA_ID}/message_templates`)).json()) as { data: { name: string; status: string }[] };
    expect(templates.data).toContainEqual(expect.objectContaining({ name: 'recordatorio_reserva', status: 'APPROVED' }));
    const number = (await (await graph(PHONE_NUMBER_ID)).json()) as { id: string; display_phone_number: string };
    expect(number).toMatchObject({ id: PHONE_NUMBER_ID, display_phone_number: '+34 910 000 000' });
  });

  it('lets free text through only within 24 hours of the guest\'s last message (else a failed status 131047)', async () => {
    const text = (body: string) => ({ messaging_product: 'whatsapp', to: '34611000003', type: 'text', text: { body } });
    const cold = await sendWhatsApp(text('Hola, ¿vienes hoy?'));
    expect((await statusesOf(cold)).map((status) => [status.status, status.errors?.[0]?.code])).toEqual([['failed', 131047]]);

    fake.reply('+34611000003', 'Hola');
    const warm = await sendWhatsApp(text('Te esperamos'));
    expect((await statusesOf(warm)).map((status) => status.status)).toEqual(['sent', 'delivered']);
    expect((await statusesOf(warm))[0]?.pricing).toMatchObject({ billable: false, category: 'service' });

    clock += DAY_MS + 1;
    const late = await sendWhatsApp(text('¿Sigues ahí?'));
    expect((await statusesOf(late)).map((status) => status.errors?.[0]?.title)).toEqual(['Re-engagement message']);
  });

  it("delivers the guest's quick-reply tap and text reply as Meta does, and a read receipt", async () => {
    const id = await sendWhatsApp(reminder('34611000004'));
    const tap = fake.pressButton(id, 'CANCEL:b-1');
    expect(() => fake.pressButton(id, 'Quizá')).toThrow(/no button 'Quizá'/);
    fake.reply('+34 611 000 004', 'Llegaremos 10 minutos tarde');
    fake.markRead(id);

    const [button, reply] = await inboundFrom('34611000004');
    expect(button).toMatchObject({ id: tap.id, type: 'button', button: { payload: 'CANCEL:b-1', text: 'CANCEL:b-1' }, context: { from: '34910000000', id } });
    expect(reply).toMatchObject({ type: 'text', text: { body: 'Llegaremos 10 minutos tarde' } });
    expect(reply && 'context' in reply).toBe(false);
    const hook = (await whatsAppCallbacks()).find((each) => each.entry[0]?.changes[0]?.value.messages?.[0]?.id === tap.id);
    expect(hook?.entry[0]?.changes[0]?.value.contacts).toEqual([{ profile: { name: 'Cliente de prueba' }, wa_id: '34611000004' }]);
    expect((await statusesOf(id)).map((status) => status.status)).toEqual(['sent', 'delivered', 'read']);
  });

  it('labels buttons with the approved template\'s texts and refuses templates it does not know', async () => {
    const strict = await startFakeMessaging({
      whatsapp: { templates: [{ name: 'recordatorio_reserva', language: 'es', body: 'Hola {{1}}, te esperamos el {{2}} a las {{3}}.', buttons: ['Confirmo', 'No puedo ir'] }] },
      autoStatuses: false,
    });
    try {
      const send = (body: unknown) => fetch(`${strict.url}/v21.0/1/messages`, { method: 'POST', headers: { Authorization: 'Bearer any', 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const sent = (await (await send(reminder('34611000005'))).json()) as { messages: { id: string }[] };
      const id = sent.messages[0]?.id ?? '';
      expect(strict.pressButton(id, 'No puedo ir').button).toEqual({ payload: 'CANCEL:b-1', text: 'No puedo ir' });
      expect(await (await send(reminder('34611000005', ['Ana']))).json()).toMatchObject({ error: { code: 132000 } });
      const unknown = { ...(reminder('34611000005') as object), template: { name: 'promo', language: { code: 'es' } } };
      expect(await (await send(unknown)).json()).toMatchObject({ error: { code: 132001 } });
    } finally {
      await strict.close();
    }
  });

  it("answers Meta's verification handshake against Mesa", async () => {
    const good = await fake.verifyWebhook();
    expect(good).toMatchObject({ status: 200, ok: true });
    expect(good.body).toBe(good.challenge);
    expect(new URL(good.url).pathname).toBe(WHATSAPP_WEBHOOK_PATH);
    expect(await fake.verifyWebhook('wrong')).toMatchObject({ status: 403, ok: false });
  });
});

describe('the fake Twilio', () => {
  const statusUrl = () => `${mesa.url}/api/public/messaging/twilio/status?booking=b-7`;

  it('rewrites only twilio.com URLs, keeping path and query', () => {
    expect(rewriteTwilioUri('https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json?PageSize=5', 'http://127.0.0.1:9/')).toBe('http://127.0.0.1:9/2010-04-01/Accounts/AC1/Messages.json?PageSize=5');
    expect(rewriteTwilioUri('https://example.com/x', 'http://127.0.0.1:9')).toBe('https://example.com/x');
  });

  it("is reached by Twilio's own SDK, answers the Message resource and sends signed status callbacks", async () => {
    const message = await client().messages.create({ to: '+34611000006', from: SMS_SENDER, body: 'Tu reserva: 1 para confirmar, 9 para cancelar', statusCallback: statusUrl() });
    expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(message).toMatchObject({ status: 'queued', to: '+34611000006', from: SMS_SENDER, accountSid: ACCOUNT_SID, direction: 'outbound-api', numSegments: '1' });
    expect(fake.messages('sms').at(-1)?.id).toBe(message.sid);

    const callbacks = (await twilioCallbacks('/api/public/messaging/twilio/status')).filter((fields) => fields.MessageSid === message.sid);
    expect(callbacks.map((fields) => fields.MessageStatus)).toEqual(['sent', 'delivered']);
    expect(callbacks[0]).toMatchObject({ AccountSid: ACCOUNT_SID, From: SMS_SENDER, To: '+34611000006', SmsStatus: 'sent', ApiVersion: '2010-04-01' });
    const arrival = mesa.arrivals.items.find((item) => item.body.includes(message.sid));
    expect(twilio.validateRequest('other-token', String(arrival?.headers['x-twilio-signature']), arrival?.url ?? '', Object.fromEntries(new URLSearchParams(arrival?.body)))).toBe(false);
    expect((await client().messages(message.sid).fetch()).status).toBe('delivered');
  });

  it('refuses a wrong auth token and malformed messages with Twilio errors', async () => {
    const wrong = twilioClient(ACCOUNT_SID, 'not-the-token', fake.url);
    await expect(wrong.messages.create({ to: '+34611000007', from: SMS_SENDER, body: 'x' })).rejects.toMatchObject({ status: 401, code: 20003 });
    const anonymous = await fetch(`${fake.url}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`, { method: 'POST', body: new URLSearchParams({ To: '+34611000007', From: SMS_SENDER, Body: 'x' }) });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 20003, message: 'Authenticate', status: 401 });
    await expect(client().messages.create({ to: '611000007', from: SMS_SENDER, body: 'x' })).rejects.toMatchObject({ status: 400, code: 21211 });
    await expect(client().messages.create({ to: '+34611000007', from: SMS_SENDER })).rejects.toMatchObject({ status: 400, code: 21602 });
    await expect(client().messages.create({ to: '+34611000007', body: 'x' })).rejects.toMatchObject({ status: 400, code: 21603 });
    expect(fake.messages('sms').some((each) => each.to === '+34611000007')).toBe(false);
  });

  it("delivers the guest's SMS reply '9' to Mesa's Twilio webhook, signed over its URL", async () => {
    await client().messages.create({ to: '+34611000008', from: SMS_SENDER, body: '1 para confirmar, 9 para cancelar' });
    const reply = fake.reply('+34611000008', '9');
    expect(reply.channel).toBe('sms');
    const [fields] = (await twilioCallbacks(TWILIO_WEBHOOK_PATH)).filter((each) => each.From === '+34611000008');
    expect(fields).toMatchObject({ MessageSid: reply.id, AccountSid: ACCOUNT_SID, From: '+34611000008', To: SMS_SENDER, Body: '9', NumMedia: '0', SmsStatus: 'received', FromCountry: 'ES' });
  });
});

describe('failures and retries', () => {
  it('fails the next send as told: an API error, a dropped connection, an undelivered message', async () => {
    fake.failNext('whatsapp', { kind: 'request', status: 503 });
    const down = await graph(`${PHONE_NUMBER_ID}/messages`, { body: reminder('34611000009') });
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ error: { code: 131000 } });
    expect(fake.messages('whatsapp').some((each) => each.to === '+34611000009')).toBe(false);
    await sendWhatsApp(reminder('34611000009'));

    fake.failNext('sms', { kind: 'network' });
    await expect(client().messages.create({ to: '+34611000010', from: SMS_SENDER, body: 'x' })).rejects.toThrow();
    fake.failNext('sms', { kind: 'delivery' });
    const undelivered = await client().messages.create({ to: '+34611000010', from: SMS_SENDER, body: 'x', statusCallback: `${mesa.url}/api/public/messaging/twilio/status` });
    const callbacks = (await twilioCallbacks('/api/public/messaging/twilio/status')).filter((fields) => fields.MessageSid === undelivered.sid);
    expect(callbacks.map((fields) => [fields.MessageStatus, fields.ErrorCode])).toEqual([['sent', undefined], ['undelivered', '30003']]);
  });

  it('retries a callback Mesa refuses, and gives up on one that never answers', async () => {
    mesa.refuseNext(2);
    const id = await sendWhatsApp(reminder('34611000011'));
    await fake.settled();
    const sent = fake.deliveries().find((each) => each.messageId === id && each.body.includes('"sent"'));
    expect(sent).toMatchObject({ attempts: 3, delivered: true, status: 200 });
    expect((await statusesOf(id)).map((status) => status.status)).toEqual(['sent', 'delivered']);

    const nowhere = await startFakeMessaging({ mesaUrl: 'http://127.0.0.1:9', whatsapp: { appSecret: APP_SECRET }, retryDelaysMs: [5, 5], autoStatuses: false });
    try {
      nowhere.reply('+34611000012', 'Hola');
      await nowhere.settled();
      expect(nowhere.deliveries()).toMatchObject([{ kind: 'message', attempts: 3, delivered: false, status: null }]);
    } finally {
      await nowhere.close();
    }
  });
});

describe('the guest page', () => {
  it('lists messages by number with escaped text, and its buttons and text box reach Mesa signed', async () => {
    const hostile = '<script>alert("x")</script>';
    const id = await sendWhatsApp(reminder('34611000013', [hostile, 'hoy', '21:00']));
    fake.reply('+34611000013', '<img src=x onerror=alert(1)>');
    const page = await (await fetch(fake.url)).text();
    expect(page).toContain('<h2>+34611000013</h2>');
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
    expect(page).toContain('name="viewport"');
    expect(page).toContain('value="CANCEL:b-1"');

    const form = (fields: Record<string, string>) => fetch(`${fake.url}${ANSWER_PATH}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
    expect((await form({ message: id, button: 'CONFIRM:b-1' })).status).toBe(303);
    expect((await form({ message: id, text: 'Somos 3, no 2' })).status).toBe(303);
    expect((await form({ message: id })).status).toBe(400);
    expect((await form({ message: 'wamid.nope', text: 'x' })).status).toBe(404);
    const inbound = await inboundFrom('34611000013');
    expect(inbound.map((message) => (message.type === 'button' ? message.button.payload : message.type === 'text' ? message.text.body : ''))).toEqual([
      '<img src=x onerror=alert(1)>',
      'CONFIRM:b-1',
      'Somos 3, no 2',
    ]);
  });
});
