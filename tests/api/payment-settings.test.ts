import { beforeEach, describe, expect, it } from 'vitest';
import { paymentsMessages } from '@shared/staff-messages/payments.ts';
import { paymentSettingsMessages as text } from '@shared/staff-messages/payments-settings.ts';
import { paymentSettings, sensitiveChanges } from '../../src/server/db/schema.ts';
import { secretBox } from '../../src/server/platform/secret-box.ts';
import { startFakeStripe } from '../fakes/stripe/fake-stripe-server.ts';
import { everyTableAsText } from '../support/database-text.ts';
import { uniqueEmail } from '../support/factories.ts';
import { usePeer, useApiSuite } from '../support/api-suite.ts';
import { expectOwnersAlone, expectRecentSignInRequired, sensitiveChangesOf, staleOwner } from '../support/owner-routes.ts';
import { TEST_ORIGIN } from '../support/test-app.ts';

// Issue 45, item 6: Configuración › Pagos. The Stripe keys are sealed like the SMTP password, shown back only as a
// hint, the owner's alone behind a fresh sign-in, and tested against the local fake of Stripe.
const TEST_KEY = 'sk_test_51MesaPagosPruebaSecretaAbCdEf1a2b';
const LIVE_KEY = 'sk_live_51MesaPagosRealSecretaAbCdEfGh9z8y';
const WEBHOOK_SECRET = 'whsec_MesaFirmaDelWebhookSecreta0123456789';
const ownerEmail = uniqueEmail('pagos');
const fake = usePeer(() => startFakeStripe({ port: 0 }));
const suite = useApiSuite(() => ({ ownerEmail, env: { STRIPE_API_URL: fake().url } }));
const { app, db, api } = suite;
const rows = () => db().select().from(paymentSettings);
const paymentChanges = () => sensitiveChangesOf(suite, 'payment_settings_');

beforeEach(async () => {
  await db().delete(paymentSettings);
  await db().delete(sensitiveChanges);
});

describe('Pagos', () => {
  it('starts with no keys: the webhook address is shown and the test says what is missing', async () => {
    const view = await api('GET', '/payments/settings');
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({
      connected: false,
      livemode: false,
      secretKeyHint: null,
      webhookSecretSaved: false,
      keysReadable: true,
      webhookUrl: `${TEST_ORIGIN}/api/public/payments/stripe/webhook`,
    });
    const test = await api('POST', '/payments/test');
    expect([test.statusCode, test.json().error.message]).toEqual([409, text.errors.notConfigured]);
  });

  it('keeps the keys only as ciphertext and shows back the hint, in test mode', async () => {
    const saved = await api('PUT', '/payments/settings', { secretKey: TEST_KEY, webhookSecret: WEBHOOK_SECRET });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(TEST_KEY.slice(8, -4));
    expect(saved.body).not.toContain(WEBHOOK_SECRET);
    const view = (await api('GET', '/payments/settings')).json();
    expect(view).toMatchObject({ connected: true, livemode: false, secretKeyHint: 'sk_test_…1a2b', webhookSecretSaved: true, keysReadable: true });
    expect(JSON.stringify(view)).not.toContain(TEST_KEY);

    const [row] = await rows();
    expect(row!.secretKeyCiphertext).toMatch(/^v1:/);
    expect(row!.webhookSecretCiphertext).toMatch(/^v1:/);
    expect(row!.livemode).toBe(false);
    const everything = await everyTableAsText(db());
    for (const secret of [TEST_KEY, TEST_KEY.slice(8), WEBHOOK_SECRET, WEBHOOK_SECRET.slice(6)]) expect(everything).not.toContain(secret);
  });

  it('an empty field keeps the saved one; a live key is live mode', async () => {
    await api('PUT', '/payments/settings', { secretKey: TEST_KEY, webhookSecret: WEBHOOK_SECRET });
    const [before] = await rows();
    const kept = await api('PUT', '/payments/settings', { secretKey: '', webhookSecret: '' });
    expect(kept.json()).toMatchObject({ secretKeyHint: 'sk_test_…1a2b', webhookSecretSaved: true, livemode: false });
    const [after] = await rows();
    expect([after!.secretKeyCiphertext, after!.webhookSecretCiphertext]).toEqual([before!.secretKeyCiphertext, before!.webhookSecretCiphertext]);

    const live = await api('PUT', '/payments/settings', { secretKey: `  ${LIVE_KEY} ` });
    expect(live.json()).toMatchObject({ livemode: true, secretKeyHint: 'sk_live_…9z8y', webhookSecretSaved: true });
    expect((await rows())[0]!.livemode).toBe(true);
  });

  it('needs a secret key the first time, and refuses bad shapes in Spanish, saving nothing', async () => {
    const first = await api('PUT', '/payments/settings', { webhookSecret: WEBHOOK_SECRET });
    expect([first.statusCode, first.json().error.message, first.json().error.fields]).toEqual([
      400,
      text.validation.secretKeyRequired,
      { secretKey: text.validation.secretKeyRequired },
    ]);
    for (const [payload, field, message] of [
      [{ secretKey: 'pk_test_51MesaPagosPruebaPublicable0000' }, 'secretKey', text.validation.secretKeyShape],
      [{ secretKey: 'sk_prod_51MesaPagosPruebaSecretaAbCdEf' }, 'secretKey', text.validation.secretKeyShape],
      [{ secretKey: 'sk_test_corta' }, 'secretKey', text.validation.secretKeyLength],
      [{ secretKey: `sk_test_${'a'.repeat(300)}` }, 'secretKey', text.validation.secretKeyLength],
      [{ secretKey: 'sk_test_51Mesa Pagos Prueba Secreta AbCd' }, 'secretKey', text.validation.secretKeyShape],
      [{ secretKey: TEST_KEY, webhookSecret: 'whsecMesaFirmaDelWebhook0123456789' }, 'webhookSecret', text.validation.webhookSecretShape],
      [{ secretKey: TEST_KEY, webhookSecret: 'whsec_corto' }, 'webhookSecret', text.validation.webhookSecretLength],
      [{ secretKey: TEST_KEY, webhookSecret: `whsec_${'b'.repeat(400)}` }, 'webhookSecret', text.validation.webhookSecretLength],
    ] as const) {
      const response = await api('PUT', '/payments/settings', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields?.[field], JSON.stringify(payload)).toBe(message);
    }
    expect((await api('PUT', '/payments/settings', { secretKey: TEST_KEY, publishableKey: 'pk_test_x' })).statusCode).toBe(400);
    expect(await rows()).toEqual([]);
    expect(await paymentChanges()).toEqual([]);
  });

  it("'Probar conexión' answers 'Conexión correcta' with the account's name, or Stripe's refusal of the key", async () => {
    await api('PUT', '/payments/settings', { secretKey: TEST_KEY });
    const good = await api('POST', '/payments/test');
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ ok: true, message: 'Conexión correcta', accountName: 'Restaurante de prueba' });

    // The fake, like Stripe's test environment, knows no live key: 401.
    await api('PUT', '/payments/settings', { secretKey: LIVE_KEY });
    const refused = await api('POST', '/payments/test');
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ ok: false, message: paymentsMessages.provider.badKey });
  });

  it('says when the keys were sealed under another SECRETS_KEY: no hint, and the test refuses', async () => {
    await api('PUT', '/payments/settings', { secretKey: TEST_KEY, webhookSecret: WEBHOOK_SECRET });
    const elsewhere = secretBox({ secretsKey: 'otra-clave-de-otro-servidor', dataDir: app().dataDir });
    await db().update(paymentSettings).set({ secretKeyCiphertext: elsewhere.seal(TEST_KEY) });
    expect((await api('GET', '/payments/settings')).json()).toMatchObject({ connected: true, keysReadable: false, secretKeyHint: null });
    const test = await api('POST', '/payments/test');
    expect([test.statusCode, test.json().error.message]).toEqual([409, text.unreadable]);
    // Only a new key makes them readable again: an empty field cannot keep a key this server cannot open.
    expect((await api('PUT', '/payments/settings', { secretKey: '' })).statusCode).toBe(400);
    expect((await api('PUT', '/payments/settings', { secretKey: TEST_KEY })).json()).toMatchObject({ keysReadable: true, secretKeyHint: 'sk_test_…1a2b' });
  });

  it("'Borrar claves' removes them, and Seguridad lists each change with the mode and the hint, never the key", async () => {
    await api('PUT', '/payments/settings', { secretKey: TEST_KEY, webhookSecret: WEBHOOK_SECRET });
    const removed = await api('DELETE', '/payments/settings');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ connected: false, secretKeyHint: null, webhookSecretSaved: false });
    expect(await rows()).toEqual([]);

    const [removal, saving] = await paymentChanges();
    expect(saving).toMatchObject({ action: 'payment_settings_saved', actorEmail: ownerEmail, detail: 'modo de prueba, clave sk_test_…1a2b, secreto de firma guardado' });
    expect(removal).toMatchObject({ action: 'payment_settings_removed', actorEmail: ownerEmail, detail: 'modo de prueba, clave sk_test_…1a2b, secreto de firma guardado' });
    const list = (await api('GET', '/security/sensitive-changes')).body;
    expect(list).not.toContain(TEST_KEY);
    expect(list).not.toContain(WEBHOOK_SECRET);
  });
});

describe('who may use Pagos', () => {
  it('an encargado and the floor get 403 on every route, and nothing changes', async () => {
    await api('PUT', '/payments/settings', { secretKey: TEST_KEY });
    const [before] = await rows();
    await expectOwnersAlone(suite, [
      ['GET', '/payments/settings', undefined],
      ['PUT', '/payments/settings', { secretKey: LIVE_KEY }],
      ['DELETE', '/payments/settings', undefined],
      ['POST', '/payments/test', undefined],
    ]);
    expect(await rows()).toEqual([before]);
  });

  it('the owner needs a recent sign-in to save, remove or test the keys, not to read them', async () => {
    await api('PUT', '/payments/settings', { secretKey: TEST_KEY });
    const [before] = await rows();
    const stale = await staleOwner(suite, uniqueEmail('pagos-antiguo'));

    expect((await api('GET', '/payments/settings', undefined, stale)).statusCode).toBe(200);
    await expectRecentSignInRequired(suite, stale, [
      ['PUT', '/payments/settings', { secretKey: LIVE_KEY }],
      ['DELETE', '/payments/settings', undefined],
      ['POST', '/payments/test', undefined],
    ]);
    expect(await rows()).toEqual([before]);
  });
});
