import { beforeEach, describe, expect, it } from 'vitest';
import { messagingSettingsMessages as text } from '@shared/staff-messages/messaging-settings.ts';
import { messagingSettings, sensitiveChanges } from '../../src/server/db/schema.ts';
import { secretBox } from '../../src/server/platform/secret-box.ts';
import { startFakeMessaging } from '../fakes/messaging/fake-messaging-server.ts';
import { everyTableAsText } from '../support/database-text.ts';
import { uniqueEmail } from '../support/factories.ts';
import { ACCESS_TOKEN, ACCOUNT_SID, APP_SECRET, AUTH_TOKEN, PHONE_NUMBER_ID, SMS, TEMPLATES, VERIFY_TOKEN, WHATSAPP } from '../support/messaging-accounts.ts';
import { usePeer, useApiSuite } from '../support/api-suite.ts';
import { expectOwnersAlone, expectRecentSignInRequired, sensitiveChangesOf, staleOwner } from '../support/owner-routes.ts';
import { TEST_ORIGIN } from '../support/test-app.ts';

// Issue 46, item 1: Configuración › Mensajería. The WhatsApp and Twilio secrets are sealed like the Stripe keys, never
// shown back, the owner's alone behind a fresh sign-in, and 'Enviar prueba' reaches the local fake of both providers.
const SECRETS = [ACCESS_TOKEN, APP_SECRET, VERIFY_TOKEN, AUTH_TOKEN];

const ownerEmail = uniqueEmail('mensajeria');
const fake = usePeer(() =>
  startFakeMessaging({
    port: 0,
    whatsapp: { accessToken: ACCESS_TOKEN, phoneNumberId: PHONE_NUMBER_ID },
    twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN },
    autoStatuses: false,
  }),
);
const suite = useApiSuite(() => ({ ownerEmail, env: { WHATSAPP_API_URL: fake().url, TWILIO_API_URL: fake().url } }));
const { app, db, api } = suite;
const rows = () => db().select().from(messagingSettings);
const messagingChanges = () => sensitiveChangesOf(suite, 'messaging_settings_');
beforeEach(async () => {
  await db().delete(messagingSettings);
  await db().delete(sensitiveChanges);
});

describe('Mensajería', () => {
  it('starts empty, with both webhook addresses', async () => {
    const view = await api('GET', '/messaging/settings');
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({
      whatsapp: {
        enabled: false,
        phoneNumberId: null,
        accessTokenSaved: false,
        appSecretSaved: false,
        verifyTokenSaved: false,
        templates: { confirmation: '', modification: '', cancellation: '', reminder: '', waitlist_offer: '', feedback: '' },
        webhookUrl: `${TEST_ORIGIN}/api/public/messaging/whatsapp/webhook`,
        readable: true,
      },
      sms: { enabled: false, accountSid: null, authTokenSaved: false, sender: null, webhookUrl: `${TEST_ORIGIN}/api/public/messaging/twilio/webhook`, readable: true },
    });
  });

  it('saves WhatsApp and SMS; no answer shows a secret and the database holds only ciphertext', async () => {
    const whatsapp = await api('PUT', '/messaging/whatsapp', WHATSAPP);
    expect(whatsapp.statusCode, whatsapp.body).toBe(200);
    const sms = await api('PUT', '/messaging/sms', SMS);
    expect(sms.statusCode, sms.body).toBe(200);
    const view = await api('GET', '/messaging/settings');
    expect(view.json()).toMatchObject({
      whatsapp: { enabled: true, phoneNumberId: PHONE_NUMBER_ID, accessTokenSaved: true, appSecretSaved: true, verifyTokenSaved: true, templates: TEMPLATES, readable: true },
      sms: { enabled: true, accountSid: ACCOUNT_SID, authTokenSaved: true, sender: SMS.sender, readable: true },
    });
    for (const body of [whatsapp.body, sms.body, view.body]) for (const secret of SECRETS) expect(body).not.toContain(secret);

    const [row] = await rows();
    for (const sealed of [row!.whatsappAccessTokenCiphertext, row!.whatsappAppSecretCiphertext, row!.whatsappVerifyTokenCiphertext, row!.twilioAuthTokenCiphertext]) {
      expect(sealed).toMatch(/^v1:/);
    }
    const everything = await everyTableAsText(db());
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
  });

  it('an empty secret field keeps the saved one', async () => {
    await api('PUT', '/messaging/whatsapp', WHATSAPP);
    await api('PUT', '/messaging/sms', SMS);
    const [before] = await rows();
    const kept = await api('PUT', '/messaging/whatsapp', { ...WHATSAPP, accessToken: '', appSecret: '', verifyToken: '', templates: { ...TEMPLATES, reminder: 'recordatorio_v2' } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await api('PUT', '/messaging/sms', { ...SMS, authToken: '', sender: '+34 911 234 568' })).statusCode).toBe(200);
    const [after] = await rows();
    expect([after!.whatsappAccessTokenCiphertext, after!.whatsappAppSecretCiphertext, after!.whatsappVerifyTokenCiphertext, after!.twilioAuthTokenCiphertext]).toEqual([
      before!.whatsappAccessTokenCiphertext,
      before!.whatsappAppSecretCiphertext,
      before!.whatsappVerifyTokenCiphertext,
      before!.twilioAuthTokenCiphertext,
    ]);
    expect([after!.whatsappTemplates!.reminder, after!.twilioSender]).toEqual(['recordatorio_v2', '+34911234568']);
  });

  it('refuses bad input in Spanish and a switch on before everything is saved, saving nothing', async () => {
    for (const [url, payload, field, message] of [
      ['/messaging/sms', { ...SMS, accountSid: 'AC123' }, 'accountSid', text.validation.accountSid],
      ['/messaging/sms', { ...SMS, accountSid: `AC${'g'.repeat(32)}` }, 'accountSid', text.validation.accountSid],
      ['/messaging/sms', { ...SMS, sender: '911234567' }, 'sender', text.validation.sender],
      ['/messaging/sms', { ...SMS, sender: `MG${'x'.repeat(32)}` }, 'sender', text.validation.sender],
      ['/messaging/sms', { ...SMS, authToken: '' }, 'authToken', text.validation.authTokenRequired],
      ['/messaging/whatsapp', { ...WHATSAPP, phoneNumberId: '10654-0352' }, 'phoneNumberId', text.validation.phoneNumberId],
      ['/messaging/whatsapp', { ...WHATSAPP, accessToken: 'con espacios' }, 'accessToken', text.validation.secretShape],
      ['/messaging/whatsapp', { ...WHATSAPP, accessToken: '' }, 'accessToken', text.validation.accessTokenRequired],
      ['/messaging/whatsapp', { ...WHATSAPP, templates: { ...TEMPLATES, cancellation: 'Reserva-Cancelada' } }, 'templates.cancellation', text.validation.templateName],
      ['/messaging/whatsapp', { ...WHATSAPP, templates: { ...TEMPLATES, cancellation: 'a'.repeat(513) } }, 'templates.cancellation', text.validation.templateName],
      ['/messaging/whatsapp', { ...WHATSAPP, templates: { ...TEMPLATES, reminder: '' } }, 'templates.reminder', 'Para activarlo falta: Plantilla de Recordatorio.'],
      ['/messaging/whatsapp', { ...WHATSAPP, appSecret: undefined }, 'appSecret', 'Para activarlo falta: Secreto de la app.'],
      ['/messaging/sms', { ...SMS, sender: '' }, 'sender', `Para activarlo falta: ${text.sms.sender}.`],
    ] as const) {
      const response = await api('PUT', url, payload);
      expect(response.statusCode, `${url} ${field}`).toBe(400);
      expect(response.json().error.fields?.[field], `${url} ${field}`).toBe(message);
    }
    expect(await rows()).toEqual([]);
    expect(await messagingChanges()).toEqual([]);
    // Off, an incomplete account is kept for later.
    expect((await api('PUT', '/messaging/sms', { ...SMS, enabled: false, sender: '' })).json().sms).toMatchObject({ enabled: false, authTokenSaved: true, sender: null });
  });

  it('Seguridad lists each save and removal with what changed, never a secret; Borrar forgets the channel', async () => {
    await api('PUT', '/messaging/whatsapp', WHATSAPP);
    await api('PUT', '/messaging/whatsapp', { ...WHATSAPP, enabled: false, accessToken: '', appSecret: '', verifyToken: '', templates: { ...TEMPLATES, reminder: 'recordatorio_v2' } });
    await api('PUT', '/messaging/sms', SMS);
    const removed = await api('DELETE', '/messaging/sms');
    expect(removed.json().sms).toMatchObject({ enabled: false, accountSid: null, authTokenSaved: false, sender: null });
    expect(removed.json().whatsapp).toMatchObject({ phoneNumberId: PHONE_NUMBER_ID, accessTokenSaved: true });

    const [removal, smsSave, whatsappChange, whatsappSave] = await messagingChanges();
    expect(whatsappSave).toMatchObject({ action: 'messaging_settings_saved', actorEmail: ownerEmail });
    expect(whatsappSave!.detail).toBe(
      `WhatsApp: activado, identificador del número ${PHONE_NUMBER_ID}, token de acceso nuevo, secreto de la app nuevo, token de verificación nuevo, ` +
        'plantilla de confirmación: reserva_confirmada, plantilla de modificación: reserva_modificada, plantilla de cancelación: reserva_cancelada, ' +
        'plantilla de recordatorio: recordatorio_reserva, plantilla de oferta de la lista de espera: oferta_lista_espera',
    );
    expect(whatsappChange!.detail).toBe('WhatsApp: desactivado, plantilla de recordatorio: recordatorio_v2');
    expect(smsSave!.detail).toBe(`SMS: activado, Account SID ${ACCOUNT_SID}, auth token nuevo, remitente ${SMS.sender}`);
    expect(removal).toMatchObject({ action: 'messaging_settings_removed', detail: 'SMS: datos borrados' });
    const list = (await api('GET', '/security/sensitive-changes')).body;
    for (const secret of SECRETS) expect(list).not.toContain(secret);
  });

  it('says when a secret was sealed under another SECRETS_KEY, and an empty field cannot keep it', async () => {
    await api('PUT', '/messaging/sms', SMS);
    const elsewhere = secretBox({ secretsKey: 'otra-clave-de-otro-servidor', dataDir: app().dataDir });
    await db().update(messagingSettings).set({ twilioAuthTokenCiphertext: elsewhere.seal(AUTH_TOKEN) });
    expect((await api('GET', '/messaging/settings')).json().sms).toMatchObject({ authTokenSaved: true, readable: false });
    const kept = await api('PUT', '/messaging/sms', { ...SMS, authToken: '' });
    expect([kept.statusCode, kept.json().error.fields?.authToken]).toEqual([400, text.validation.authTokenRequired]);
    expect((await api('PUT', '/messaging/sms', SMS)).json().sms).toMatchObject({ readable: true });
  });
});

describe("'Enviar prueba'", () => {
  it('WhatsApp sends the confirmation template with sample parameters to the fake, and answers ok', async () => {
    await api('PUT', '/messaging/whatsapp', { ...WHATSAPP, enabled: false });
    const before = fake().messages('whatsapp').length;
    const response = await api('POST', '/messaging/whatsapp/test', { to: '612 345 678' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, message: 'Mensaje de prueba enviado' });
    const sent = fake().messages('whatsapp').slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('+34612345678');
    expect(sent[0]!.template).toMatchObject({ name: 'reserva_confirmada', language: 'es' });
    expect(sent[0]!.template!.bodyParameters).toHaveLength(6);
    expect(sent[0]!.template!.bodyParameters[0]).toBe('María García');
  });

  it('SMS sends a short Spanish text from the saved sender, and answers ok', async () => {
    await api('PUT', '/messaging/sms', SMS);
    const before = fake().messages('sms').length;
    const response = await api('POST', '/messaging/sms/test', { to: '+34 612 345 679' });
    expect(response.json()).toEqual({ ok: true, message: 'Mensaje de prueba enviado' });
    const sent = fake().messages('sms').slice(before);
    expect(sent.map((message) => [message.to, message.from])).toEqual([['+34612345679', SMS.sender]]);
    expect(sent[0]!.text).toContain('Mensaje de prueba');
  });

  it("with a wrong token the provider's refusal is the answer: ok false with its reason", async () => {
    await api('PUT', '/messaging/whatsapp', { ...WHATSAPP, accessToken: 'EAAGTokenEquivocado' });
    const whatsapp = await api('POST', '/messaging/whatsapp/test', { to: '612345678' });
    expect(whatsapp.statusCode).toBe(200);
    expect(whatsapp.json()).toMatchObject({ ok: false });
    expect(whatsapp.json().message).toMatch(/^WhatsApp 401 \(#190\): /);

    await api('PUT', '/messaging/sms', { ...SMS, authToken: 'token-equivocado' });
    const sms = await api('POST', '/messaging/sms/test', { to: '612345678' });
    expect(sms.statusCode).toBe(200);
    expect(sms.json()).toMatchObject({ ok: false });
    expect(sms.json().message).toMatch(/^Twilio 401/);
  });

  it('a number that cannot be read is a 400 in Spanish; nothing saved is a 409', async () => {
    const unsaved = await api('POST', '/messaging/sms/test', { to: '612345678' });
    expect([unsaved.statusCode, unsaved.json().error.message]).toEqual([409, text.errors.smsNotConfigured]);
    // Off and without its app secret, WhatsApp is saved but cannot be tested yet.
    await api('PUT', '/messaging/whatsapp', { ...WHATSAPP, enabled: false, appSecret: '' });
    const incomplete = await api('POST', '/messaging/whatsapp/test', { to: '612345678' });
    expect([incomplete.statusCode, incomplete.json().error.message]).toEqual([409, text.errors.whatsappNotConfigured]);
    await api('PUT', '/messaging/sms', SMS);
    for (const to of ['12', '+99 123', '']) {
      const response = await api('POST', '/messaging/sms/test', { to });
      expect([response.statusCode, response.json().error.fields?.to], to).toEqual([400, text.validation.phone]);
    }
  });
});

describe('who may use Mensajería', () => {
  it('an encargado and the floor get 403 on every route, and nothing changes', async () => {
    await api('PUT', '/messaging/sms', SMS);
    const [before] = await rows();
    await expectOwnersAlone(suite, [
      ['GET', '/messaging/settings', undefined],
      ['PUT', '/messaging/whatsapp', WHATSAPP],
      ['PUT', '/messaging/sms', { ...SMS, sender: '+34911000000' }],
      ['DELETE', '/messaging/sms', undefined],
      ['POST', '/messaging/sms/test', { to: '612345678' }],
    ]);
    expect(await rows()).toEqual([before]);
  });

  it('the owner needs a recent sign-in to save, remove or send a test, not to read', async () => {
    await api('PUT', '/messaging/sms', SMS);
    const [before] = await rows();
    const stale = await staleOwner(suite, uniqueEmail('mensajeria-antiguo'));

    expect((await api('GET', '/messaging/settings', undefined, stale)).statusCode).toBe(200);
    const sentBefore = fake().messages().length;
    await expectRecentSignInRequired(suite, stale, [
      ['PUT', '/messaging/whatsapp', WHATSAPP],
      ['PUT', '/messaging/sms', { ...SMS, sender: '+34911000000' }],
      ['DELETE', '/messaging/whatsapp', undefined],
      ['DELETE', '/messaging/sms', undefined],
      ['POST', '/messaging/whatsapp/test', { to: '612345678' }],
      ['POST', '/messaging/sms/test', { to: '612345678' }],
    ]);
    expect(await rows()).toEqual([before]);
    expect(fake().messages()).toHaveLength(sentBefore);
  });
});
