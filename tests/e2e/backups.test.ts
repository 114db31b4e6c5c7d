import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { backupsMessages } from '@shared/staff-messages/security.ts';
import { backupRuns } from '../../src/server/db/schema.ts';
import { BACKUP_TRAILER } from '../../src/server/modules/backups/backup.ts';
import { formatBytes } from '../../src/web/lib/format.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservation } from '../support/factories.ts';

// Seguridad › Copias de seguridad (issue 17, item 11) in Chromium. Server and browser read Tuesday 24 November 2026,
// 10:30 in Madrid: past 04:00, so the scheduler's tick takes tonight's backup.
const NOW = new Date('2026-11-24T09:30:00Z');
const text = backupsMessages;
const GUEST = 'Copia Nocturna Prueba';

const suite = useBrowserSuite({ now: NOW });

it('shows the last nightly backup in Madrid time with its size and result, and downloads a fresh copy from the keyboard', async () => {
  await insertReservation(suite.db(), { customerName: GUEST, reservationDate: '2026-11-27', reservationTime: '21:00' });
  await suite.app.instance.scheduler.tick();
  const [run] = await suite.db().select().from(backupRuns);
  expect(run).toMatchObject({ fileName: 'mesa-nightly-2026-11-24.sql', error: null });

  const page = await suite.openAdmin('/admin?tab=seguridad');
  const panel = page.getByRole('tabpanel', { name: 'Seguridad' });
  const last = panel.getByRole('region', { name: text.lastBackup });
  await last.waitFor();
  const pairs = async () => {
    const terms = await last.locator('dt').allTextContents();
    const values = await last.locator('dd').allTextContents();
    return Object.fromEntries(terms.map((term, index) => [term, values[index]!.trim()]));
  };
  const shown = await pairs();
  expect(shown[text.takenAt]).toBe('24/11/26, 10:30:00');
  expect(shown[text.size]).toBe(formatBytes(run!.sizeBytes!));
  expect(shown[text.size]).toMatch(/^\d+(,\d)? kB$/);
  expect(shown[text.result]).toBe(text.succeeded);
  expect(shown[text.file]).toContain('mesa-nightly-2026-11-24.sql');
  await panel.getByText('Cada noche a las 04:00 (hora de Madrid)', { exact: false }).waitFor();

  const link = panel.getByRole('link', { name: text.download });
  expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await link.focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe('mesa-2026-11-24-1030.sql');
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\n');
  expect(lines[0]).toBe('-- mesa-backup-format: 1');
  expect(lines.at(-1)).toBe(BACKUP_TRAILER);
  expect(lines.some((line) => line.startsWith('INSERT INTO "public"."reservations"') && line.includes(GUEST))).toBe(true);
});
