import { beforeEach, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { mailSettingsMessages } from '@shared/staff-messages/settings.ts';
import { formatMessage, messages } from '@shared/messages.ts';
import { mailSettings } from '../../src/server/db/schema.ts';
import { everyTableAsText } from '../support/database-text.ts';
import { startSmtpPeer } from '../support/smtp-peer.ts';
import { createTestApp, TEST_ORIGIN } from '../support/test-app.ts';
import { useApiSuite, usePeer } from '../support/api-suite.ts';
import { configuredMailTransport, mailContext, mailSettingsView } from '../../src/server/modules/mail-settings/service.ts';
import { uniqueEmail } from '../support/factories.ts';
import { freshAddress, openDayNextWeek, publicBooking } from '../support/bookings.ts';

// Issue 20, item 4: 'Correo saliente'. The SMTP server is set in the browser; its password is sealed under a key
// kept outside the database and reaches the SMTP server intact; the outbox uses the settings from the next email on.
const text = mailSettingsMessages;
const CREDENTIALS = { user: 'mesa@example.com', pass: 'contraseña-SMTP-muy-secreta-Ñ' };
const ownerEmail = uniqueEmail('propietario');
const peer = usePeer(() => startSmtpPeer(CREDENTIALS));
const { app, db, api } = useApiSuite({ ownerEmail, outboxPollMs: 50 });
/** A guest's request through the public API: its acknowledgement goes through the outbox. */
async function book(email: string) {
  const response = await app().request({
    method: 'POST',
    url: '/api/public/reservations',
    payload: { ...publicBooking(openDayNextWeek(), 1), customerEmail: email },
    remoteAddress: freshAddress(),
  });
  expect(response.statusCode).toBe(201);
}
/** What the peer received apart from the owners' notices of a change of server (issue 41, tested on their own). */
const received = () => peer().messages.filter((message) => !message.raw.includes('Subject: Se ha cambiado el correo saliente'));
const settingsFor = (overrides: object = {}) => ({
  host: '127.0.0.1',
  port: peer().port,
  security: 'none',
  username: CREDENTIALS.user,
  password: CREDENTIALS.pass,
  sender: 'Reservas@Example.com',
  ...overrides,
});

beforeEach(async () => {
  await api('DELETE', '/mail-settings');
  peer().reset();
});

describe('Correo saliente', () => {
  it('starts with no server: emails are written to DATA_DIR/outbox and the test button says nothing is configured', async () => {
    const view = (await api('GET', '/mail-settings')).json();
    expect(view).toMatchObject({ source: 'none', settings: null, outboxDirectory: `${app().dataDir}/outbox` });
    const test = await api('POST', '/mail-settings/test');
    expect(test.statusCode).toBe(409);
    expect(test.json().error.message).toBe(text.errors.notConfigured);
  });

  it('keeps the password only as ciphertext, never shows it back, and sends the test with it to the signed-in owner', async () => {
    const saved = await api('PUT', '/mail-settings', settingsFor());
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(CREDENTIALS.pass);
    expect(saved.json()).toMatchObject({
      source: 'settings',
      settings: { host: '127.0.0.1', sender: 'reservas@example.com', passwordSaved: true, passwordReadable: true },
    });
    const [row] = await db().select().from(mailSettings);
    expect(row!.passwordCiphertext).toMatch(/^v1:/);
    expect(await everyTableAsText(db())).not.toContain(CREDENTIALS.pass);

    const test = await api('POST', '/mail-settings/test');
    expect(test.statusCode).toBe(200);
    expect(test.json()).toEqual({ to: ownerEmail });
    await expect.poll(() => received().length).toBe(1);
    const [message] = received();
    expect(message!.envelopeTo).toEqual([ownerEmail]);
    expect(message!.envelopeFrom).toBe('reservas@example.com');
    expect(message!.raw).toContain('Correo de prueba de Mi Restaurante');
  });

  it('an empty password keeps the saved one; no user drops it', async () => {
    await api('PUT', '/mail-settings', settingsFor());
    const kept = await api('PUT', '/mail-settings', settingsFor({ password: '' }));
    expect(kept.json().settings.passwordSaved).toBe(true);
    expect((await api('POST', '/mail-settings/test')).statusCode).toBe(200);
    const dropped = await api('PUT', '/mail-settings', settingsFor({ username: '', password: '' }));
    expect(dropped.json().settings).toMatchObject({ username: null, passwordSaved: false });
  });

  it('says in Spanish why a test failed: wrong password, nobody listening', async () => {
    await api('PUT', '/mail-settings', settingsFor({ password: 'otra-contraseña' }));
    const wrong = await api('POST', '/mail-settings/test');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toBe(formatMessage(text.errors.sendFailed, { reason: text.errors.auth }));

    await api('PUT', '/mail-settings', settingsFor({ port: 1 }));
    const refused = await api('POST', '/mail-settings/test');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(formatMessage(text.errors.sendFailed, { reason: text.errors.refused }));
    expect(received()).toHaveLength(0);
  });

  it('refuses bad fields with Spanish messages and saves nothing', async () => {
    for (const [field, value, message] of [
      ['host', 'smtp example.com', text.validation.hostInvalid],
      ['port', 70000, text.validation.portInvalid],
      ['security', 'ssl3', text.validation.securityInvalid],
      ['sender', 'no-es-un-email', messages.reservation.validation.emailFormat],
    ] as const) {
      const response = await api('PUT', '/mail-settings', settingsFor({ [field]: value }));
      expect(response.statusCode, field).toBe(400);
      expect(JSON.stringify(response.json().error), field).toContain(message);
    }
    expect(await db().select().from(mailSettings)).toEqual([]);
  });

  it('the outbox sends guests\' emails through the saved server, from the restaurant with the sender set', async () => {
    await api('PUT', '/mail-settings', settingsFor());
    const guest = uniqueEmail('cliente');
    await book(guest);
    const toGuestOf = () => received().find((message) => message.envelopeTo.includes(guest));
    await expect.poll(toGuestOf, { timeout: 10_000 }).toBeDefined();
    const toGuest = toGuestOf();
    expect(toGuest!.raw).toMatch(/^From: Mi Restaurante <reservas@example\.com>/m);
  });

  it('with no server, the outbox writes .eml files instead', async () => {
    const guest = uniqueEmail('sin-smtp');
    await book(guest);
    await expect.poll(() => readdirSync(`${app().dataDir}/outbox`).length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(received()).toHaveLength(0);
  });

  it('an instance whose key cannot open the password says so and claims no email, so one that can sends them', async () => {
    await api('PUT', '/mail-settings', settingsFor());
    const otherKey = mailContext({ smtpUrl: undefined, secretsKey: 'x'.repeat(40), dataDir: app().dataDir, mailFrom: 'mesa@example.com' });
    const view = await mailSettingsView({ db: db(), clock: { now: () => new Date() }, publicUrl: new URL(TEST_ORIGIN) }, otherKey);
    expect(view.settings).toMatchObject({ passwordSaved: true, passwordReadable: false });
    const warnings: string[] = [];
    const elsewhere = configuredMailTransport(db(), otherKey, { info: () => undefined, warn: (line) => warnings.push(line) });
    expect(await elsewhere.canSend!()).toBe(false);
    expect(warnings.join('')).toContain('SECRETS_KEY');
    elsewhere.close();
    const here = configuredMailTransport(db(), mailContext(app().config), { info: () => undefined, warn: () => undefined });
    expect(await here.canSend!()).toBe(true);
    here.close();
  });

  it('a floor account may not read or change it', async () => {
    const floor = await app().signIn({ roles: ['floor'] });
    expect((await api('GET', '/mail-settings', undefined, floor)).statusCode).toBe(403);
    expect((await api('PUT', '/mail-settings', settingsFor(), floor)).statusCode).toBe(403);
  });
});

describe('Correo saliente with SMTP_URL', () => {
  it('SMTP_URL wins: the view says so and the test goes through it', async () => {
    const envApp = await createTestApp({ env: { SMTP_URL: `smtp://${encodeURIComponent(CREDENTIALS.user)}:${encodeURIComponent(CREDENTIALS.pass)}@127.0.0.1:${peer().port}` } });
    try {
      const cookie = await envApp.signIn();
      const view = (await envApp.request({ method: 'GET', url: '/api/admin/mail-settings', cookie })).json();
      expect(view).toMatchObject({ source: 'environment', environmentHost: `127.0.0.1:${peer().port}` });
      const test = await envApp.request({ method: 'POST', url: '/api/admin/mail-settings/test', cookie });
      expect(test.statusCode).toBe(200);
      await peer().waitForMessages(1);
    } finally {
      await envApp.close();
    }
  });
});
