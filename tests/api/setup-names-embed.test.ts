import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RECENT_SIGN_IN_MINUTES } from '@shared/limits.ts';
import { formatMessage, messages } from '@shared/messages.ts';
import type { EmbedInfo } from '@shared/schemas/settings.ts';
import type { SensitiveChange } from '@shared/schemas/sensitive-changes.ts';
import { DISPLAY_NAME_MAX, type Team } from '@shared/schemas/team.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { teamMessages } from '@shared/staff-messages/team.ts';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { builtIndexRoot } from '../support/built-index.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { uniqueEmail } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 52, item 8 e-f (decision 069): members' names in Equipo, and the embed origins in Configuración › General.
const { app, db, api, clock } = useApiSuite({ at: '2026-11-30T10:00:00Z', builtIndex: true });
const errors = teamMessages.errors;
const PASSWORD = 'una-contraseña-de-equipo-42';
const sv = settingsMessages.validation;
let floor: string;
let manager: string;
/** On PostgreSQL a second instance on the same database: it must apply the owner's change with no restart. */
let other: TestApp | null = null;
/** A server started with EMBED_ORIGINS, which wins over the owner's list. */
let withEnvironment: TestApp;
let webRoot: string;

beforeAll(async () => {
  floor = await app().signIn({ roles: ['floor'], email: uniqueEmail('sala') });
  manager = await app().signIn({ roles: ['manager'] });
  webRoot = builtIndexRoot();
  if (process.env.TEST_DATABASE_URL) other = await createTestApp({ webRoot, database: app().database });
  withEnvironment = await createTestApp({ webRoot, env: { EMBED_ORIGINS: 'https://www.desde-servidor.example' } });
}, 60_000);
afterAll(async () => {
  await other?.close();
  await withEnvironment?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});

const team = async () => (await api('GET', '/team')).json() as Team;

async function acceptInvitation(email: string) {
  const rows = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'staff_invitation')));
  const rendered = await deliveredEmail(db(), rows.at(-1)!, clock);
  const token = /\/auth\/invitacion#token=([\w-]{43})/.exec(rendered.text)![1]!;
  return app().request({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, password: PASSWORD } });
}

describe("a member's name", () => {
  it('is asked (optional) at the invitation, trimmed, and becomes the account’s name when accepted', async () => {
    const email = uniqueEmail('lucia');
    const invited = await api('POST', '/team/invitations', { email, role: 'floor', name: '  Lucía Pérez  ' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email, name: 'Lucía Pérez' });
    expect((await team()).invitations.find((invitation) => invitation.email === email)?.name).toBe('Lucía Pérez');
    expect((await acceptInvitation(email)).statusCode).toBe(201);
    expect((await team()).members.find((member) => member.email === email)).toMatchObject({ name: 'Lucía Pérez', role: 'floor' });
  });

  it('is none when the invitation leaves it blank: Equipo answers null and shows the email', async () => {
    const email = uniqueEmail('sinnombre');
    expect((await api('POST', '/team/invitations', { email, role: 'manager', name: '   ' })).json()).toMatchObject({ name: null });
    const noField = uniqueEmail('sincampo');
    expect((await api('POST', '/team/invitations', { email: noField, role: 'manager' })).json()).toMatchObject({ name: null });
    await acceptInvitation(email);
    expect((await team()).members.find((member) => member.email === email)?.name).toBeNull();
  });

  it('refuses a name too long, or not text, in Spanish, and invites nobody', async () => {
    const email = uniqueEmail('larga');
    const long = await api('POST', '/team/invitations', { email, role: 'floor', name: 'x'.repeat(DISPLAY_NAME_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.name).toBe(errors.nameTooLong);
    const number = await api('POST', '/team/invitations', { email, role: 'floor', name: 42 });
    expect(number.statusCode).toBe(400);
    expect(number.json().error.fields.name).toBe(errors.nameInvalid);
    expect((await team()).invitations.some((invitation) => invitation.email === email)).toBe(false);
    // Exactly the limit passes.
    expect((await api('POST', '/team/invitations', { email, role: 'floor', name: 'x'.repeat(DISPLAY_NAME_MAX) })).statusCode).toBe(201);
  });

  it('is set by the member in Mi cuenta, whatever the role, and Equipo shows it', async () => {
    expect((await api('GET', '/account/name', undefined, floor)).json()).toEqual({ name: null });
    const saved = await api('PUT', '/account/name', { name: ' Marta ' }, floor);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ name: 'Marta' });
    expect((await api('GET', '/account/name', undefined, floor)).json()).toEqual({ name: 'Marta' });
    expect((await team()).members.find((member) => member.email.startsWith('sala'))?.name).toBe('Marta');
    expect((await api('PUT', '/account/name', { name: 'Jefa de sala' }, manager)).statusCode).toBe(200);
  });

  it('refuses an empty or too long name in Mi cuenta, in Spanish, and keeps the one saved', async () => {
    const empty = await api('PUT', '/account/name', { name: '   ' }, floor);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.name).toBe(errors.nameRequired);
    const long = await api('PUT', '/account/name', { name: 'y'.repeat(DISPLAY_NAME_MAX + 1) }, floor);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.name).toBe(errors.nameTooLong);
    expect((await api('PUT', '/account/name', {}, floor)).json().error.fields.name).toBe(errors.nameInvalid);
    expect((await api('GET', '/account/name', undefined, floor)).json()).toEqual({ name: 'Marta' });
  });
});

/** The frame-ancestors of the booking widget's page, as `server` answers it now. */
async function frameAncestors(server: TestApp): Promise<string[]> {
  const response = await server.request({ method: 'GET', url: '/reservar' });
  expect(response.statusCode).toBe(200);
  const policy = String(response.headers['content-security-policy']);
  return policy.split(';').map((part) => part.trim().split(/\s+/)).find(([name]) => name === 'frame-ancestors')!.slice(1);
}

describe('the embed origins in Configuración › General', () => {
  it("are the owner's: saved normalised, the next widget page carries them on every instance, and Seguridad says so", async () => {
    expect(await frameAncestors(app())).toEqual(["'self'"]);
    const saved = await api('PUT', '/settings/embed-origins', { origins: ['https://WWW.Casa-Lucia.example/', 'http://localhost:5173', 'https://*.grupo.example', 'https://www.casa-lucia.example'] });
    expect(saved.statusCode).toBe(200);
    const origins = ['https://www.casa-lucia.example', 'http://localhost:5173', 'https://*.grupo.example'];
    expect(saved.json<EmbedInfo>()).toMatchObject({ embedOrigins: origins, embedOriginsFromServer: false });
    expect(await frameAncestors(app())).toEqual(["'self'", ...origins]);
    if (other) expect(await frameAncestors(other)).toEqual(["'self'", ...origins]);
    expect((await app().request({ method: 'GET', url: '/reservar' })).headers['x-frame-options']).toBeUndefined();
    expect((await api('GET', '/settings/embed', undefined, manager)).json<EmbedInfo>()).toMatchObject({ embedOrigins: origins, embedOriginsFromServer: false });
    // Only the widget's page: every other page is still framed by nobody.
    expect((await app().request({ method: 'GET', url: '/' })).headers['x-frame-options']).toBe('DENY');

    const changes = (await api('GET', '/security/sensitive-changes')).json<SensitiveChange[]>();
    expect(changes[0]).toMatchObject({ action: 'settings_changed', fields: ['embedOrigins'], detail: origins.join(' ') });

    // Emptied: Mesa's own pages only, again.
    expect((await api('PUT', '/settings/embed-origins', { origins: [] })).statusCode).toBe(200);
    expect(await frameAncestors(app())).toEqual(["'self'"]);
  });

  it('refuses anything but an https origin (http for localhost only), in Spanish, and keeps the list', async () => {
    await api('PUT', '/settings/embed-origins', { origins: ['https://www.casa-lucia.example'] });
    for (const origin of ['http://www.casa-lucia.example', 'https://www.casa-lucia.example/reservas', 'www.casa-lucia.example', "https://a.example;script-src 'unsafe-inline'", 'ftp://a.example']) {
      const refused = await api('PUT', '/settings/embed-origins', { origins: ['https://ok.example', origin] });
      expect(refused.statusCode, origin).toBe(400);
      expect(refused.json().error.message, origin).toBe(formatMessage(sv.embedOriginInvalid, { origin }));
    }
    expect((await api('PUT', '/settings/embed-origins', { origins: 'https://a.example' })).json().error.message).toBe(sv.embedOriginsList);
    const tooMany = Array.from({ length: 21 }, (_, index) => `https://web${index}.example`);
    expect((await api('PUT', '/settings/embed-origins', { origins: tooMany })).statusCode).toBe(400);
    expect(await frameAncestors(app())).toEqual(["'self'", 'https://www.casa-lucia.example']);
  });

  it('are refused to the encargado and floor staff, and need a recent sign-in from the owner', async () => {
    for (const cookie of [manager, floor]) {
      const refused = await api('PUT', '/settings/embed-origins', { origins: ['https://otra.example'] }, cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(messages.permissions.role);
    }
    clock.advance((RECENT_SIGN_IN_MINUTES + 1) * 60_000);
    const stale = await api('PUT', '/settings/embed-origins', { origins: ['https://otra.example'] });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('recent_sign_in_required');
    expect(await frameAncestors(app())).not.toContain('https://otra.example');
  });

  it('are the server’s when EMBED_ORIGINS is set: shown as such, and a change is refused', async () => {
    const owner = await withEnvironment.signIn();
    const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      withEnvironment.request({ method, url: `/api/admin${url}`, cookie: owner, ...(payload ? { payload } : {}) });
    expect((await call('GET', '/settings/embed')).json<EmbedInfo>()).toMatchObject({
      embedOrigins: ['https://www.desde-servidor.example'],
      embedOriginsFromServer: true,
    });
    const refused = await call('PUT', '/settings/embed-origins', { origins: ['https://otra.example'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(sv.embedOriginsFromServer);
    expect(await frameAncestors(withEnvironment)).toEqual(["'self'", 'https://www.desde-servidor.example']);
  });
});
