// Starts its own apps: on PostgreSQL a second instance on the same database, and a lone-owner app of one test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '@shared/messages.ts';
import { teamMessages } from '@shared/staff-messages/team.ts';
import { emailOutbox, staffInvitations, teamEvents, users } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/modules/auth/accounts.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { hashSessionId, isSessionLive } from '../../src/server/platform/sessions.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { uniqueEmail } from '../support/factories.ts';

// Issue 20, item 3: 'Equipo'. On PostgreSQL two app instances share the database, and a deactivation through one
// ends the account's sessions on the other at once; PGlite is one process, so there both are the same instance.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const errors = teamMessages.errors;
const PASSWORD = 'una-contraseña-de-equipo-42';
let first: TestApp;
let second: TestApp;
let owner: string;
const db = () => first.instance.database.db;
let ip = 0;

beforeAll(async () => {
  first = await createTestApp({ clock });
  second = process.env.TEST_DATABASE_URL ? await createTestApp({ clock, database: first.database }) : first;
  owner = await first.signIn({ email: uniqueEmail('propietaria') });
}, 60_000);
afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = owner, app = first) =>
  app.request({ method, url: `/api/admin${url}`, cookie, remoteAddress: `10.30.0.${++ip % 250}`, ...(payload ? { payload } : {}) });
const auth = (method: 'GET' | 'POST', url: string, payload?: object, app = first) =>
  app.request({ method, url: `/api/auth${url}`, remoteAddress: `10.31.${Math.floor(++ip / 250)}.${ip % 250}`, ...(payload ? { payload } : {}) });

/** The token of the latest invitation email to `email`, as the invitee's link carries it. */
async function invitationToken(email: string): Promise<string> {
  const rows = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'staff_invitation')));
  const rendered = await deliveredEmail(db(), rows.at(-1)!, clock);
  return /\/auth\/invitacion#token=([\w-]{43})/.exec(rendered.text)![1]!;
}

const cookieOf = (response: { headers: Record<string, unknown> }) => String(response.headers['set-cookie']).split(';')[0]!;

describe('invitations', () => {
  it('invites by email and role; the invitee sets a password, is signed in with that role, and the link is spent', async () => {
    const email = uniqueEmail('camarero');
    const invited = await api('POST', '/team/invitations', { email, role: 'floor' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email, role: 'floor', expiresAt: '2026-12-01T10:00:00.000Z' });
    const token = await invitationToken(email);
    const [row] = await db().select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(row!.tokenHash).not.toBeNull();
    expect(row!.tokenHash).not.toContain(token);

    expect((await auth('GET', `/invitations/${token}`)).json()).toEqual({ email, role: 'floor' });
    const weak = await auth('POST', '/invitations/accept', { token, password: 'corta' });
    expect(weak.statusCode).toBe(400);
    const accepted = await auth('POST', '/invitations/accept', { token, password: PASSWORD });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().user).toMatchObject({ email, role: 'floor', isAdmin: false });
    expect((await api('GET', '/reservations/today', undefined, cookieOf(accepted))).statusCode).toBe(200);
    expect((await api('GET', '/settings', undefined, cookieOf(accepted))).statusCode).toBe(403);

    const again = await auth('POST', '/invitations/accept', { token, password: PASSWORD });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.message).toBe(errors.invitationInvalid);
    const existing = await api('POST', '/team/invitations', { email, role: 'manager' });
    expect(existing.statusCode).toBe(409);
    expect(existing.json().error.message).toBe(errors.accountExists);
    const events = await db().select().from(teamEvents).where(eq(teamEvents.targetEmail, email));
    expect(events.map((event) => event.action)).toEqual(['invited', 'invitation_accepted']);
    // From where: the owner's address, then the invitee's.
    expect(events[0]!.ipAddress).toMatch(/^10\.30\./);
    expect(events[1]!.ipAddress).toMatch(/^10\.31\./);
  });

  it('refuses a second pending invitation; a resend ends the old link, a revoke ends the new one', async () => {
    const email = uniqueEmail('encargado');
    const invited = await api('POST', '/team/invitations', { email, role: 'manager' });
    const oldToken = await invitationToken(email);
    const twice = await api('POST', '/team/invitations', { email, role: 'floor' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(errors.invitationPending);

    expect((await api('POST', `/team/invitations/${invited.json().id}/resend`)).statusCode).toBe(204);
    const newToken = await invitationToken(email);
    expect((await auth('GET', `/invitations/${oldToken}`)).statusCode).toBe(410);
    expect((await auth('GET', `/invitations/${newToken}`)).statusCode).toBe(200);

    expect((await api('DELETE', `/team/invitations/${invited.json().id}`)).statusCode).toBe(204);
    expect((await auth('GET', `/invitations/${newToken}`)).statusCode).toBe(410);
    const resend = await api('POST', `/team/invitations/${invited.json().id}/resend`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().error.message).toBe(errors.invitationClosed);
  });

  it('expires after 7 days', async () => {
    const email = uniqueEmail('tarde');
    await api('POST', '/team/invitations', { email, role: 'floor' });
    const token = await invitationToken(email);
    clock.advance(7 * 24 * 60 * 60_000 + 1_000);
    try {
      expect((await auth('GET', `/invitations/${token}`)).statusCode).toBe(410);
      expect((await auth('POST', '/invitations/accept', { token, password: PASSWORD })).statusCode).toBe(410);
      // Expired, it no longer blocks a new invitation (a week on, the owner signs in again).
      const later = await first.signIn({ email: uniqueEmail('propietaria') });
      expect((await api('POST', '/team/invitations', { email, role: 'floor' }, later)).statusCode).toBe(201);
    } finally {
      clock.set(new Date('2026-11-24T10:00:00Z'));
    }
  });

  it('answers bad input with Spanish messages', async () => {
    const bad = await api('POST', '/team/invitations', { email: 'no-es-email', role: 'jefe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ role: errors.roleInvalid });
    expect((await auth('GET', `/invitations/${'x'.repeat(43)}`)).json().error.message).toBe(errors.invitationInvalid);
  });
});

describe('members', () => {
  it('lists accounts with role, state and last sign-in, and pending invitations; only to the owner', async () => {
    const team = await api('GET', '/team');
    expect(team.statusCode).toBe(200);
    const members = team.json().members as Array<{ email: string; role: string; active: boolean; lastSignInAt: string | null }>;
    // The invited waiter signed in when accepting; the owner's test session never went through the form.
    expect(members.find((member) => member.email.startsWith('camarero'))).toMatchObject({ role: 'floor', active: true, lastSignInAt: '2026-11-24T10:00:00.000Z' });
    expect(members.find((member) => member.email.startsWith('propietaria'))).toMatchObject({ role: 'admin', active: true, lastSignInAt: null });
    expect(team.json().invitations.map((invitation: { role: string }) => invitation.role)).toContain('floor');
    const manager = await first.signIn({ roles: ['manager'] });
    const refused = await api('GET', '/team', undefined, manager);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(messages.permissions.role);
  });

  it('keeps at least one active owner', async () => {
    const solo = await createTestApp({ clock });
    try {
      const email = uniqueEmail('unica');
      const cookie = await solo.signIn({ email });
      const [me] = await solo.instance.database.db.select().from(users).where(eq(users.email, email));
      const call = (method: 'PATCH' | 'POST', url: string, payload?: object) =>
        solo.request({ method, url: `/api/admin${url}`, cookie, ...(payload ? { payload } : {}) });
      const demote = await call('PATCH', `/team/members/${me!.id}`, { role: 'manager' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().error.message).toBe(errors.lastOwner);
      expect((await call('POST', `/team/members/${me!.id}/deactivate`)).json().error.message).toBe(errors.lastOwner);
    } finally {
      await solo.close();
    }
  });

  it('deactivating ends the sessions on every instance and refuses the sign-in; reactivating lets it back in', async () => {
    const email = uniqueEmail('saliente');
    await upsertAdmin(db(), email, PASSWORD);
    const [member] = await db().select().from(users).where(eq(users.email, email));
    expect((await api('PATCH', `/team/members/${member!.id}`, { role: 'floor' })).statusCode).toBe(204);
    const signedIn = await auth('POST', '/login', { email, password: PASSWORD }, second);
    expect(signedIn.statusCode).toBe(200);
    const session = cookieOf(signedIn);
    expect((await api('GET', '/reservations/today', undefined, session, second)).statusCode).toBe(200);
    // What an open live stream asks at each heartbeat.
    const ctx = { db: second.instance.database.db, clock, secret: second.instance.sessionSecret, secureCookies: false };
    const streamHash = hashSessionId(second.instance.sessionSecret, session.split('=')[1]!);
    expect(await isSessionLive(ctx, streamHash)).toBe(true);

    expect((await api('POST', `/team/members/${member!.id}/deactivate`)).statusCode).toBe(204);
    expect(await isSessionLive(ctx, streamHash)).toBe(false);
    expect((await api('GET', '/reservations/today', undefined, session, second)).statusCode).toBe(401);
    const refused = await auth('POST', '/login', { email, password: PASSWORD }, second);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(errors.deactivated);

    expect((await api('POST', `/team/members/${member!.id}/reactivate`)).statusCode).toBe(204);
    expect((await auth('POST', '/login', { email, password: PASSWORD }, second)).statusCode).toBe(200);
    const actions = (await db().select().from(teamEvents).where(eq(teamEvents.targetEmail, email))).map((event) => event.action);
    expect(actions).toEqual(['role_changed', 'deactivated', 'reactivated']);
  });
});
