import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/messages.ts';
import { addDays, madridToday } from '@shared/rules/madrid-time.ts';
import { IMPORT_FILE_MAX_BYTES } from '@shared/schemas/import.ts';
import { importScreenMessages as text } from '@shared/staff-messages/import-screen.ts';
import { importMessages } from '@shared/staff-messages/imports.ts';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { ADMIN_PASSWORD, BROWSER_WAIT_MS, toast, useBrowserSuite } from '../support/admin-browser.ts';
import { insertStaff } from '../support/factories.ts';

// Issue 49 in Chromium: the owner brings bookings from another system's CSV in Configuración › Importar, fixes the
// mapping of a column the guess cannot know, reads the dry run, imports, sees the result and undoes it; nobody else
// sees the tab.
const suite = useBrowserSuite();
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const TAB = settingsMessages.tabs.imports;
const FILE_NAME = 'reservas-otro-sistema.csv';
const panel = (page: Page) => page.getByRole('tabpanel', { name: TAB });

/** DD/MM/YYYY, as a Spanish export writes a date. */
const spanishDate = (date: string) => date.split('-').reverse().join('/');

/**
 * A semicolon CSV as a Spanish spreadsheet saves it: 'Apell.' is no header the guess knows, times as '21:30h',
 * parties as '8 pax'; row 4 has a phone that is no phone, row 5 repeats row 3.
 */
function exportFile(): { csv: string; names: string[] } {
  const today = madridToday(new Date());
  const first = spanishDate(addDays(today, 7));
  const second = spanishDate(addDays(today, 8));
  const lines = [
    'Nombre;Apell.;Teléfono;Email;Fecha;Hora;Pax;Notas',
    `Ana;Valverde;612 345 678;ana.valverde@example.com;${first};21:30h;8 pax;Terraza si hace bueno`,
    `Luis;Quintana;699 111 222;;${second};21:30h;2 pax;`,
    `Marta;Ibarra;12345;;${first};21:30h;4 pax;`,
    `Luis;Quintana;699 111 222;;${second};21:30h;2 pax;`,
    `Carmen;Olmedo;+34 655 000 111;carmen.olmedo@example.com;${second};21:30h;3;Cumpleaños`,
  ];
  return { csv: `${lines.join('\r\n')}\r\n`, names: ['Ana Valverde', 'Luis Quintana', 'Marta Ibarra', 'Carmen Olmedo'] };
}

/** The bookings of the file's guests (an undone import deletes them). */
async function importedBookings(names: string[]) {
  return suite.db().select().from(reservations).where(inArray(reservations.customerName, names));
}

describe('Configuración › Importar', () => {
  it('the owner maps a CSV, reads the dry run, imports it and undoes it, on a phone', async () => {
    const { csv, names } = exportFile();
    const context = await suite.adminContext(PHONE);
    const page = suite.watch(await context.newPage());
    await page.goto(suite.url('/admin?tab=configuracion'));
    await page.getByRole('tab', { name: TAB, exact: true }).click();
    const tab = panel(page);
    await tab.getByText(text.upload.intro).waitFor();
    await tab.getByText(text.recent.empty).waitFor();

    await tab.getByLabel(text.upload.file, { exact: true }).setInputFiles({ name: FILE_NAME, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await tab.getByText(formatMessage(text.file.summary, { file: FILE_NAME, rows: 5 })).waitFor();
    await tab.getByText(formatMessage(text.file.encoding, { encoding: text.file.encodings['utf-8'] })).waitFor();
    // A file with dates is taken for bookings.
    expect(await tab.getByRole('radio', { name: importMessages.kinds.reservations }).isChecked()).toBe(true);
    expect(await tab.getByRole('checkbox', { name: new RegExp(`^${text.upload.notifyGuests}`) }).isChecked()).toBe(false);

    // The guess: the known headers mapped, 'Apell.' left out until the owner says what it holds.
    const lastNameColumn = tab.getByLabel('Apell.', { exact: true });
    expect(await lastNameColumn.inputValue()).toBe('');
    expect(await tab.getByLabel('Teléfono', { exact: true }).inputValue()).toBe('phone');
    expect(await tab.getByLabel('Pax', { exact: true }).inputValue()).toBe('people');
    await tab.getByText(formatMessage(text.mapping.samples, { values: 'Valverde · Quintana · Ibarra' })).waitFor();
    const preview = tab.getByRole('region', { name: formatMessage(text.preview.caption, { count: 5 }) });
    const header = (field: string) => preview.getByRole('columnheader', { name: new RegExp(`^Apell\\.\\s*${field}$`) });
    await header(text.mapping.skip).waitFor();
    await lastNameColumn.selectOption({ label: importMessages.fields.lastName });
    await header(importMessages.fields.lastName).waitFor();

    await tab.getByRole('button', { name: text.dryRun.probe, exact: true }).click();
    const counts = tab.getByRole('list', { name: text.dryRun.title, exact: true });
    await counts.waitFor();
    expect(await counts.getByRole('listitem').allTextContents()).toEqual([
      `${text.dryRun.counts.create} 3`,
      `${text.dryRun.counts.merge} 0`,
      `${text.dryRun.counts.duplicate} 1`,
      `${text.dryRun.counts.refused} 1`,
    ]);
    const rows = tab.getByRole('region', { name: text.dryRun.rowsTitle });
    const refused = rows.getByRole('row').filter({ hasText: importMessages.outcomes.refused });
    expect(await refused.getByRole('cell').first().textContent()).toBe('4');
    await refused.getByText(importMessages.reasons.phoneInvalid.split('{detail}')[0]!.trim(), { exact: false }).waitFor();
    const repeated = rows.getByRole('row').filter({ hasText: importMessages.outcomes.duplicate });
    expect(await repeated.getByRole('cell').first().textContent()).toBe('5');

    // The whole report as CSV, with the session's cookie.
    const link = tab.getByRole('link', { name: text.dryRun.download });
    const report = await page.request.get(suite.url((await link.getAttribute('href'))!));
    expect(report.status()).toBe(200);
    const reportText = await report.text();
    expect(reportText).toContain(importMessages.report.columns.reason);
    expect(reportText).toContain('Ibarra');

    const results = await new AxeBuilder({ page }).include('[role="tabpanel"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Changing the mapping takes the report away: it must be made again.
    await tab.getByLabel('Notas', { exact: true }).selectOption({ label: text.mapping.skip });
    await tab.getByText(text.dryRun.stale).waitFor();
    expect(await tab.getByRole('button', { name: formatMessage(text.dryRun.start, { count: 3 }) }).count()).toBe(0);
    await tab.getByLabel('Notas', { exact: true }).selectOption({ label: importMessages.fields.notes });
    await tab.getByRole('button', { name: text.dryRun.probe, exact: true }).click();
    const start = tab.getByRole('button', { name: formatMessage(text.dryRun.start, { count: 3 }) });
    expect((await start.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await importedBookings(names)).toEqual([]);
    await start.click();

    // The result: three bookings, each outside the default hours (13:00-18:00), and 'Deshacer importación'.
    const result = tab.getByRole('status').filter({ hasText: text.progress.done });
    await result.waitFor({ timeout: BROWSER_WAIT_MS * 2 });
    const done = tab.getByRole('list', { name: text.progress.title, exact: true });
    expect(await done.getByRole('listitem').allTextContents()).toEqual([
      `${text.progress.counts.create} 3`,
      `${text.progress.counts.merge} 0`,
      `${text.progress.counts.duplicate} 1`,
      `${text.progress.counts.refused} 1`,
    ]);
    const listed = tab.getByRole('region', { name: text.progress.listedTitle });
    await listed.getByText(importMessages.marks.outside_hours).first().waitFor();
    const imported = await importedBookings(names);
    expect(imported.map((row) => row.customerName).sort()).toEqual(['Ana Valverde', 'Carmen Olmedo', 'Luis Quintana']);
    expect(imported.find((row) => row.customerName === 'Ana Valverde')).toMatchObject({ numberOfPeople: 8, reservationTime: '21:30' });

    // Listed under 'Importaciones recientes' too.
    const recent = tab.getByRole('list', { name: text.recent.listLabel }).getByRole('listitem', { name: FILE_NAME });
    await recent.getByText(text.recent.statuses.done, { exact: true }).waitFor();

    const progressCard = tab.locator('[data-slot="card"]').filter({ has: page.getByRole('status').filter({ hasText: text.progress.done }) });
    await progressCard.getByRole('button', { name: text.undo.button }).click();
    const confirm = page.getByRole('dialog', { name: formatMessage(text.undo.title, { file: FILE_NAME }) });
    await confirm.getByText(text.undo.description).waitFor();
    await confirm.getByRole('button', { name: text.undo.confirm }).click();
    await toast(page, text.undo.done).waitFor();
    await tab.getByRole('status').filter({ hasText: text.progress.undone }).waitFor();
    expect(await importedBookings(names)).toEqual([]);
    await recent.getByText(text.recent.statuses.undone, { exact: true }).waitFor();
    expect(await tab.getByRole('button', { name: text.undo.button }).count()).toBe(0);
  });

  it('a mapping saved with one file is applied to the next one, until it is deleted', async () => {
    const { csv } = exportFile();
    const page = await suite.openAdmin('/admin?tab=configuracion&seccion=importar');
    const tab = panel(page);
    const upload = () => tab.getByLabel(text.upload.file, { exact: true }).setInputFiles({ name: 'otro.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await upload();
    await tab.getByText(text.saved.empty).waitFor();
    await tab.getByLabel('Apell.', { exact: true }).selectOption({ label: importMessages.fields.lastName });
    // No name: said under the field, nothing saved.
    await tab.getByRole('button', { name: text.saved.save }).click();
    await tab.getByText(importMessages.validation.mappingNameRequired).waitFor();
    await tab.getByLabel(text.saved.name, { exact: true }).fill('Otro sistema');
    await tab.getByRole('button', { name: text.saved.save }).click();
    await toast(page, text.saved.savedToast).waitFor();

    // The same headers again: the server applies the saved mapping, and says so.
    await page.reload();
    await upload();
    await tab.getByText(formatMessage(text.file.savedApplied, { name: 'Otro sistema' })).waitFor();
    expect(await tab.getByLabel('Apell.', { exact: true }).inputValue()).toBe('lastName');
    // Chosen by hand after a change, too.
    await tab.getByLabel('Apell.', { exact: true }).selectOption({ label: text.mapping.skip });
    await tab.getByLabel(text.saved.choose, { exact: true }).selectOption({ label: 'Otro sistema' });
    await tab.getByRole('button', { name: text.saved.apply }).click();
    expect(await tab.getByLabel('Apell.', { exact: true }).inputValue()).toBe('lastName');
    await tab.getByRole('button', { name: text.saved.remove }).click();
    await toast(page, text.saved.removed).waitFor();
    await tab.getByText(text.saved.empty).waitFor();
  });

  it('a file over 20 MB is refused before it is sent', async () => {
    const page = await suite.openAdmin('/admin?tab=configuracion&seccion=importar');
    const tab = panel(page);
    let sent = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/imports/files')) sent = true;
    });
    // 20 MB cross the DevTools protocol as base64: on a busy machine that alone can outlast the default 15 s.
    await tab.getByLabel(text.upload.file, { exact: true }).setInputFiles({ name: 'enorme.csv', mimeType: 'text/csv', buffer: Buffer.alloc(IMPORT_FILE_MAX_BYTES + 1, 'a') }, { timeout: 60_000 });
    const field = tab.getByLabel(text.upload.file, { exact: true });
    await tab.getByRole('alert').filter({ hasText: importMessages.errors.tooLarge }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBe(false);
  });

  it('an encargado has no Importar tab', async () => {
    const email = `encargado-${randomUUID().slice(0, 8)}@example.com`;
    await insertStaff(suite.db(), { email, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: ['manager'] });
    const page = await suite.openAdmin('/admin?tab=configuracion&seccion=importar', { email });
    await page.getByRole('tab', { name: settingsMessages.tabs.general, selected: true }).waitFor();
    expect(await page.getByRole('tab', { name: TAB }).count()).toBe(0);
  });
});
