import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages.ts';
import { mailSettingsMessages } from '@shared/staff-messages/settings.ts';
import { OWNER_ONLY_SETTINGS } from '@shared/rules/permissions.ts';
import { RECENT_SIGN_IN_MINUTES } from '@shared/limits.ts';
import { loginAttempts, mailSettings, restaurantConfig, sensitiveChanges } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { insertStaff, uniqueEmail } from '../support/factories.ts';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.ts';
import { useApiSuite, usePeer } from '../support/api-suite.ts';

// Issue 41, item 1: an encargado could point Correo saliente at their own server, ask a password reset for the
// owner's email and read the link there. Where mail goes is the owner's alone now, with a recent sign-in, and each
// change is a line in Seguridad; the owners hear of a new server through the old one.
const PASSWORD = 'una contraseña larga del propietario';
const MINUTE = 60_000;
const clock = new ManualClock(new Date());
const previousServer = usePeer(() => startSmtpPeer());
const nextServer = usePeer(() => startSmtpPeer());
const { app, db } = useApiSuite({ owner: false, clock });
let ownerEmail: string;
let owner: string;
let secondOwnerEmail: string;
let manager: string;
const ip = '10.41.0.7';
const api = (cookie: string, method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app().request({ method, url: `/api/admin${url}`, cookie, remoteAddress: ip, ...(payload ? { payload } : {}) });
const serverAt = (peer: SmtpPeer) => ({ host: '127.0.0.1', port: peer.port, security: 'none', username: '', password: '', sender: 'reservas@example.com' });
const noticesIn = (peer: SmtpPeer) => peer.messages.filter((message) => message.raw.includes('Subject: Se ha cambiado el correo saliente'));
const changes = () => db().select().from(sensitiveChanges).orderBy(sensitiveChanges.id);

async function signInWithPassword(email: string): Promise<string> {
  const response = await app().request({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD }, remoteAddress: ip });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.headers['set-cookie'];
  return String(Array.isArray(cookie) ? cookie[0] : cookie).split(';')[0]!;
}

beforeAll(async () => {
  ownerEmail = uniqueEmail('propietaria');
  secondOwnerEmail = uniqueEmail('socio');
  const passwordHash = await hashPassword(PASSWORD);
  await insertStaff(db(), { email: ownerEmail, passwordHash, roles: ['admin'] });
  await insertStaff(db(), { email: secondOwnerEmail, roles: ['admin'] });
  owner = await signInWithPassword(ownerEmail);
  manager = await app().signIn({ roles: ['manager'] });
});
beforeEach(async () => {
  await db().delete(mailSettings);
  await db().delete(sensitiveChanges);
  previousServer().reset();
  nextServer().reset();
});

describe('an encargado', () => {
  it('may not set, change or remove Correo saliente, and nothing is saved', async () => {
    const put = await api(manager, 'PUT', '/mail-settings', serverAt(nextServer()));
    expect(put.statusCode).toBe(403);
    expect(put.json().error).toMatchObject({ code: 'forbidden_role', message: messages.permissions.role });
    expect((await api(manager, 'DELETE', '/mail-settings')).statusCode).toBe(403);
    expect(await db().select().from(mailSettings)).toEqual([]);
    // Reading it (no password is ever sent back) and the test email to their own address stay open.
    expect((await api(manager, 'GET', '/mail-settings')).statusCode).toBe(200);
  });

  it('may not change any owner-only setting, even with a value that would not validate, and may change the rest', async () => {
    const before = (await db().select().from(restaurantConfig))[0]!;
    const attempts: Record<(typeof OWNER_ONLY_SETTINGS)[number], unknown> = {
      adminEmail: 'encargado@example.com',
      additionalReportEmail: 'encargado@example.com',
      dailyReportEnabled: !before.dailyReportEnabled,
      dailyReportTime: '07:00',
      dailyReportTimezone: 'UTC',
      legalName: 'Otra S.L.',
      legalNif: 'B12345674',
      legalAddress: 'Otra calle 1',
      legalEmail: 'encargado@example.com',
      retentionReservationMonths: 1,
      retentionCancelledMonths: 1,
      retentionAllergenMonths: 1,
    };
    for (const [field, value] of Object.entries(attempts)) {
      const response = await api(manager, 'PATCH', '/settings', { [field]: value });
      expect(response.statusCode, field).toBe(403);
      expect(response.json().error.code, field).toBe('forbidden_role');
      expect((await api(manager, 'PATCH', '/settings', { name: 'Casa', [field]: 'x'.repeat(5000) })).statusCode, field).toBe(403);
    }
    const after = (await db().select().from(restaurantConfig))[0]!;
    for (const field of OWNER_ONLY_SETTINGS) expect(after[field], field).toEqual(before[field]);
    expect((await api(manager, 'PATCH', '/settings', { name: 'Casa Encargado' })).statusCode).toBe(200);
    expect(await changes()).toEqual([]);
  });
});

describe('Sala', () => {
  it('may not pause bookings, block a day or cancel its bookings', async () => {
    const floor = await app().signIn({ roles: ['floor'] });
    expect((await api(floor, 'PUT', '/pause/today', {})).statusCode).toBe(403);
    expect((await api(floor, 'DELETE', '/pause/today')).statusCode).toBe(403);
    const block = await api(floor, 'POST', '/blocked-days?cancelReason=x', { date: '2099-01-06', reason: 'Cerrado' });
    expect(block.statusCode).toBe(403);
    expect(block.json().error.message).toBe(messages.permissions.role);
    expect((await api(floor, 'DELETE', '/blocked-days/2099-01-06')).statusCode).toBe(403);
  });
});

describe('the owner', () => {
  it(`needs a password typed within ${RECENT_SIGN_IN_MINUTES} minutes: the sign-in, then 'Confirma tu contraseña'`, async () => {
    const fresh = await signInWithPassword(ownerEmail);
    expect((await api(fresh, 'PATCH', '/settings', { adminEmail: 'avisos@example.com' })).statusCode).toBe(200);

    clock.advance((RECENT_SIGN_IN_MINUTES + 1) * MINUTE);
    for (const [method, url, payload] of [
      ['PUT', '/mail-settings', serverAt(nextServer())],
      ['DELETE', '/mail-settings', undefined],
      ['PATCH', '/settings', { additionalReportEmail: 'otro@example.com' }],
      ['POST', '/team/invitations', { email: uniqueEmail('nuevo'), role: 'floor' }],
    ] as const) {
      const response = await api(fresh, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error, `${method} ${url}`).toMatchObject({ code: 'recent_sign_in_required', message: messages.permissions.recentSignIn });
    }
    // Other settings need no password.
    expect((await api(fresh, 'PATCH', '/settings', { name: 'Casa Propietaria' })).statusCode).toBe(200);

    const wrong = await api(fresh, 'POST', '/account/confirm-password', { password: 'no es esta' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: 'wrong_password', message: messages.permissions.wrongPassword });
    const attempts = await db().select().from(loginAttempts).where(eq(loginAttempts.email, ownerEmail));
    expect(attempts.some((attempt) => !attempt.success && attempt.ipAddress === ip)).toBe(true);
    expect((await api(fresh, 'POST', '/account/confirm-password', { password: '' })).statusCode).toBe(400);

    expect((await api(fresh, 'POST', '/account/confirm-password', { password: PASSWORD })).statusCode).toBe(204);
    expect((await api(fresh, 'PATCH', '/settings', { additionalReportEmail: 'otro@example.com' })).statusCode).toBe(200);
    clock.advance((RECENT_SIGN_IN_MINUTES + 1) * MINUTE);
    expect((await api(fresh, 'PATCH', '/settings', { additionalReportEmail: null })).statusCode).toBe(403);
  });

  it('guessing the password from an open session locks the account like guessing at sign-in', async () => {
    const email = uniqueEmail('adivina');
    await insertStaff(db(), { email, passwordHash: await hashPassword(PASSWORD), roles: ['admin'] });
    const cookie = await signInWithPassword(email);
    clock.advance((RECENT_SIGN_IN_MINUTES + 1) * MINUTE);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await api(cookie, 'POST', '/account/confirm-password', { password: `intento ${i}` })).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 423]);
    expect((await api(cookie, 'POST', '/account/confirm-password', { password: PASSWORD })).statusCode).toBe(423);
    expect((await api(cookie, 'PUT', '/mail-settings', serverAt(nextServer()))).statusCode).toBe(403);
  });

  it('leaves a line in Seguridad for each change: who, when, from which IP, which fields or servers', async () => {
    owner = await signInWithPassword(ownerEmail);
    expect((await api(owner, 'PATCH', '/settings', { adminEmail: 'cocina@example.com', legalName: 'Casa S.L.', name: 'Casa' })).statusCode).toBe(200);
    // Saving the same value again changes nothing, and says nothing.
    expect((await api(owner, 'PATCH', '/settings', { adminEmail: 'cocina@example.com' })).statusCode).toBe(200);
    expect((await api(owner, 'PUT', '/mail-settings', serverAt(previousServer()))).statusCode).toBe(200);

    const list = await api(owner, 'GET', '/security/sensitive-changes');
    expect(list.statusCode).toBe(200);
    const [mail, settings, ...rest] = list.json();
    expect(rest).toEqual([]);
    expect(settings).toMatchObject({ actorEmail: ownerEmail, ipAddress: ip, action: 'settings_changed', at: expect.any(String) });
    expect([...settings.fields].sort()).toEqual(['adminEmail', 'legalName']);
    expect(mail).toMatchObject({ actorEmail: ownerEmail, ipAddress: ip, action: 'mail_settings_saved' });
    expect(mail.detail).toContain(`127.0.0.1:${previousServer().port}`);
    expect((await api(manager, 'GET', '/security/sensitive-changes')).statusCode).toBe(403);
  });
});

describe('a change of Correo saliente', () => {
  beforeEach(async () => {
    owner = await signInWithPassword(ownerEmail);
  });

  it('is told to every owner through the previous server, not the new one', async () => {
    expect((await api(owner, 'PUT', '/mail-settings', serverAt(previousServer()))).statusCode).toBe(200);
    // From the .eml sink there is no previous server to tell anyone through.
    expect(noticesIn(previousServer())).toEqual([]);
    const saved = await api(owner, 'PUT', '/mail-settings', serverAt(nextServer()));
    expect(saved.statusCode).toBe(200);
    await expect.poll(() => noticesIn(previousServer()).flatMap((message) => message.envelopeTo), { timeout: 10_000 }).toEqual(
      expect.arrayContaining([ownerEmail, secondOwnerEmail]),
    );
    const [notice] = noticesIn(previousServer());
    expect(notice!.raw).toContain(ownerEmail);
    expect(notice!.raw).toContain(ip);
    expect(notice!.raw).toContain(`127.0.0.1:${nextServer().port}`);
    expect(noticesIn(nextServer())).toEqual([]);
  });

  it('is saved even when the previous server is dead, and the failed notice is a line in Seguridad', async () => {
    const dead = await startSmtpPeer();
    expect((await api(owner, 'PUT', '/mail-settings', serverAt(dead))).statusCode).toBe(200);
    await dead.close();
    const removed = await api(owner, 'DELETE', '/mail-settings');
    expect(removed.statusCode).toBe(200);
    expect(await db().select().from(mailSettings)).toEqual([]);
    await expect.poll(async () => (await changes()).map((change) => change.action), { timeout: 30_000 }).toEqual([
      'mail_settings_saved',
      'mail_settings_removed',
      'mail_change_notice_failed',
    ]);
    const failed = (await changes()).at(-1)!;
    expect(failed).toMatchObject({ actorEmail: null, ipAddress: null });
    expect(failed.detail).toBe(mailSettingsMessages.errors.refused);
  });
});
