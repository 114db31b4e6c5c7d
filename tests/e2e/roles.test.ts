import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { ADMIN_PASSWORD, useBrowserSuite } from '../support/admin-browser.ts';
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
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: staffMessages.admin.actions.arrived }).click();
  await card.getByRole('button', { name: staffMessages.admin.actions.arrived, pressed: true }).waitFor();

  await page.getByRole('tab', { name: tabs.history }).click();
  await page.getByLabel(staffMessages.admin.history.search).waitFor();
  expect(await page.getByRole('tab', { name: staffMessages.statistics.sections.statistics }).count()).toBe(0);
  expect(await page.getByRole('link', { name: staffMessages.statistics.exportCsv }).count()).toBe(0);

  await page.getByRole('tab', { name: tabs.tables }).click();
  await page.getByRole('heading', { name: staffMessages.admin.tables.title }).waitFor();
  expect(await page.getByRole('button', { name: staffMessages.admin.tables.add }).count()).toBe(0);

  // A Configuración link typed by hand opens Reservas, and the server refuses the settings anyway.
  await page.goto(suite.url('/admin?tab=configuracion'));
  await page.getByRole('tab', { name: tabs.today, selected: true }).waitFor();
  const settings = await page.request.get(suite.url('/api/admin/settings'));
  expect(settings.status()).toBe(403);
  expect((await settings.json()).error.message).toBe(messages.permissions.role);
});

it('shows an Encargado everything but Seguridad', async () => {
  const page = await suite.openAdmin('/admin', { email: await staffMember('manager') });
  expect(await tabNames(page)).toEqual([tabs.today, tabs.history, tabs.tables, tabs.settings, tabs.notifications, tabs.push]);
});
