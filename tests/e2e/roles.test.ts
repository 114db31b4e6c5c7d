import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { historyMessages } from '@shared/staff-messages/history.ts';
import { statisticsMessages } from '@shared/staff-messages/statistics.ts';
import { teamMessages } from '@shared/staff-messages/team.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { and, eq } from 'drizzle-orm';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { ADMIN_PASSWORD, openBooking, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { insertReservation, insertStaff } from '../support/factories.ts';

// Issue 20, item 2: the back office shows each role what it may use, and the server refuses the rest.
// Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = new Date('2026-11-24T10:00:00Z');
const tabs = staffMessages.admin.tabs;
const suite = useBrowserSuite({ now: NOW });

async function staffMember(role: 'manager' | 'floor'): Promise<string> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  await insertStaff(suite.db(), { email, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: [role] });
  return email;
}

const tabNames = async (page: Awaited<ReturnType<typeof suite.openAdmin>>) =>
  page.getByRole('tablist', { name: staffMessages.admin.header.sections }).getByRole('tab').allTextContents();

it('shows Sala the service day: Reservas, Historial without statistics or export, Mesas for seating only, Push', async () => {
  const name = `Sala Atiende ${randomUUID().slice(0, 4).replace(/\d/g, 'x')}`;
  await insertReservation(suite.db(), { customerName: name, reservationDate: '2026-11-24', reservationTime: '14:00', status: 'confirmed' });
  const page = await suite.openAdmin('/admin', { email: await staffMember('floor') });
  expect(await tabNames(page)).toEqual([tabs.today, tabs.history, tabs.tables, tabs.push]);

  // The service day works: the card and its actions.
  const card = await openBooking(page, name);
  await card.getByRole('button', { name: staffMessages.admin.actions.arrived }).click();
  await card.getByRole('button', { name: staffMessages.admin.actions.arrived, pressed: true }).waitFor();

  await page.getByRole('tab', { name: tabs.history }).click();
  await page.getByLabel(historyMessages.search).waitFor();
  expect(await page.getByRole('tab', { name: statisticsMessages.sections.statistics }).count()).toBe(0);
  expect(await page.getByRole('link', { name: statisticsMessages.exportCsv }).count()).toBe(0);

  await page.getByRole('tab', { name: tabs.tables }).click();
  await page.getByRole('heading', { name: tableMessages.tables.title }).waitFor();
  expect(await page.getByRole('button', { name: tableMessages.tables.add }).count()).toBe(0);

  // A Configuración link typed by hand opens Reservas, and the server refuses the settings anyway.
  await page.goto(suite.url('/admin?tab=configuracion'));
  await page.getByRole('tab', { name: tabs.today, selected: true }).waitFor();
  const settings = await page.request.get(suite.url('/api/admin/settings'));
  expect(settings.status()).toBe(403);
  expect((await settings.json()).error.message).toBe(messages.permissions.role);
});

it('shows an Encargado everything but Seguridad and Equipo', async () => {
  const page = await suite.openAdmin('/admin', { email: await staffMember('manager') });
  expect(await tabNames(page)).toEqual([tabs.today, tabs.history, tabs.guests, tabs.tables, tabs.settings, tabs.notifications, tabs.push]);
});

it("invites a host from 'Equipo': the invitee sets a password and sees Reservas but no Configuración; deactivated, they are out", async () => {
  const team = teamMessages;
  const owner = await suite.openAdmin('/admin?tab=equipo');
  await owner.getByRole('heading', { name: team.inviteTitle }).waitFor();
  const email = `anfitriona-${randomUUID().slice(0, 8)}@example.com`;
  await owner.getByLabel(team.email, { exact: true }).fill(email);
  await owner.getByLabel(team.role, { exact: true }).selectOption({ label: team.roles.floor });
  await owner.getByRole('button', { name: team.invite }).click();
  await toast(owner, team.invited).waitFor();
  await owner.getByText(`${email} · ${team.roles.floor}`).waitFor();

  // The invitee opens the link of their email.
  const [mail] = await suite.db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'staff_invitation')));
  const link = /(\/auth\/invitacion#token=[\w-]{43})/.exec((await deliveredEmail(suite.db(), mail!, suite.clock)).text)![1]!;
  const context = await suite.newContext();
  const invitee = suite.watch(await context.newPage());
  await invitee.goto(suite.url(link));
  await invitee.getByRole('heading', { name: team.accept.title }).waitFor();
  await invitee.getByLabel(team.accept.password, { exact: true }).fill('la-contraseña-de-sala-42');
  await invitee.getByRole('button', { name: team.accept.submit }).click();
  await invitee.waitForURL(suite.url('/admin'));
  await invitee.getByRole('banner').getByText(email).waitFor();
  expect(await tabNames(invitee)).toEqual([tabs.today, tabs.history, tabs.tables, tabs.push]);

  // The owner deactivates the account: the host's next request is refused and the panel sends them to sign in.
  await owner.reload();
  const row = owner.getByRole('listitem').filter({ hasText: email });
  await row.getByRole('button', { name: team.deactivate }).click();
  await toast(owner, team.deactivated).waitFor();
  await row.getByText(team.inactive, { exact: true }).waitFor();
  await invitee.reload();
  await invitee.waitForURL(suite.url('/auth'));
});
