import { eq } from 'drizzle-orm';
import type { Locator, Page, Request } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { operatingHoursDefaults } from '@shared/defaults.ts';
import { OPENING_HOURS_DEBOUNCE_MS } from '@shared/limits.ts';
import { messages } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { mondayExceptionsMessages, operatingHoursMessages, settingsMessages } from '@shared/staff-messages/settings.ts';
import { mondayExceptions, operatingHours, reservations, timeBlocks } from '../../src/server/db/schema.ts';
import { BROWSER_WAIT_MS, toast, useBrowserSuite } from '../support/admin-browser.ts';

// Configuración › Horarios (spec points 2, 5 and 8). The server and every browser read the same frozen instant:
// Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = new Date('2026-11-24T10:00:00Z');
const NEXT_MONDAY = '2026-11-30';
const NEXT_TUESDAY = '2026-12-01';
const BLOCK_DATE = '2026-12-04'; // a Friday

const admin = staffMessages.admin;
const hoursText = operatingHoursMessages;
const mondayText = mondayExceptionsMessages;
const blocksText = settingsMessages.timeBlocks;
const WAIT = BROWSER_WAIT_MS;

const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();

afterEach(async () => {
  for (const { dayOfWeek, ...hours } of operatingHoursDefaults) {
    await db().update(operatingHours).set(hours).where(eq(operatingHours.dayOfWeek, dayOfWeek));
  }
  await db().delete(mondayExceptions);
  await db().delete(timeBlocks);
});

const region = (p: Page, name: string) => p.getByRole('region', { name });

/** Configuración › Horarios, signed in. */
async function openSchedule(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await suite.openAdmin('/admin?tab=configuracion&seccion=horarios', { viewport });
  await page.getByRole('heading', { name: hoursText.title }).waitFor();
  await page.getByLabel('Cierre del martes').waitFor();
  return page;
}

const hoursOf = async (day: number) =>
  (await db().select().from(operatingHours).where(eq(operatingHours.dayOfWeek, day)))[0]!;

/** Every PATCH of the operating hours the page sends, with the moment it left. */
function recordHourPatches(page: Page): Array<{ request: Request; at: number }> {
  const sent: Array<{ request: Request; at: number }> = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && /\/api\/admin\/operating-hours\/\d$/.test(request.url())) {
      sent.push({ request, at: Date.now() });
    }
  });
  return sent;
}

async function expectValue(field: Locator, value: string) {
  await expect.poll(() => field.inputValue(), { timeout: WAIT }).toBe(value);
}

describe('the operating-hours panel', () => {
  it('holds a closing time that leaves a booking outside: lists it, puts the old time back, or cancels it with a reason', async () => {
    const [booked] = await db()
      .insert(reservations)
      .values({ customerName: 'Teresa Nieto', customerPhone: '600 111 333', customerEmail: 'teresa@example.com', numberOfPeople: 5, reservationDate: '2026-11-25', reservationTime: '17:30', status: 'confirmed' })
      .returning();
    try {
      const page = await openSchedule();
      const closing = page.getByLabel('Cierre del miércoles');
      await expect.poll(() => closing.inputValue()).toBe('18:00');
      const changeTo = async (keys: string) => {
        await closing.focus();
        await page.keyboard.type(keys, { delay: 60 });
      };

      await changeTo('1700');
      const question = page.getByRole('dialog', { name: admin.affected.title });
      await question.getByText('Teresa Nieto').waitFor();
      expect(await question.getByRole('listitem').allTextContents()).toEqual(['17:30 · Teresa Nieto · 5 personas']);
      await question.getByRole('button', { name: admin.affected.back }).click();
      await question.waitFor({ state: 'detached' });
      await expectValue(closing, '18:00');
      expect((await hoursOf(3)).closeTime).toBe('18:00');

      await changeTo('1700');
      await question.getByRole('radio', { name: admin.affected.cancelAll }).check();
      await question.getByLabel(admin.affected.reason, { exact: true }).fill('Cerramos antes los miércoles');
      await question.getByRole('button', { name: admin.affected.save }).click();
      await toast(page, 'Horarios actualizados correctamente').waitFor();
      expect((await hoursOf(3)).closeTime).toBe('17:00');
      const [after] = await db().select().from(reservations).where(eq(reservations.id, booked!.id));
      expect(after).toMatchObject({ status: 'cancelled', cancellationReason: 'Cerramos antes los miércoles' });
    } finally {
      await db().delete(reservations).where(eq(reservations.id, booked!.id));
    }
  });

  it('saves a burst of keystrokes in a closing time as one PATCH, 800 ms after the last one', async () => {
    const page = await openSchedule();
    const patches = recordHourPatches(page);
    const closing = page.getByLabel('Cierre del martes');
    await expect.poll(() => closing.inputValue()).toBe('18:00');

    await closing.focus(); // the hours segment
    await page.keyboard.type('1930', { delay: 60 });
    const lastKey = Date.now();
    await toast(page, 'Horarios actualizados correctamente').waitFor();

    expect(patches).toHaveLength(1);
    const [patch] = patches;
    expect(patch!.request.url()).toMatch(/\/api\/admin\/operating-hours\/2$/);
    expect(patch!.request.postDataJSON()).toEqual({ closeTime: '19:30' });
    expect(patch!.at - lastKey).toBeGreaterThanOrEqual(OPENING_HOURS_DEBOUNCE_MS - 100);
    expect(await hoursOf(2)).toMatchObject({ isOpen: true, openTime: '13:00', closeTime: '19:30' });
    await expectValue(closing, '19:30');
    expect(patches).toHaveLength(1);
  });

  it('shows the server reason for a closing time before the opening and keeps the saved hours', async () => {
    const page = await openSchedule();
    const closing = page.getByLabel('Cierre del miércoles');
    await closing.fill('12:00');
    await toast(page, 'La hora de apertura debe ser anterior a la de cierre').waitFor();
    await expectValue(closing, '18:00');
    expect(await hoursOf(3)).toMatchObject({ isOpen: true, openTime: '13:00', closeTime: '18:00' });
  });

  it('adds a break only once both ends are set, and clearing one end removes it', async () => {
    const page = await openSchedule();
    const patches = recordHourPatches(page);
    await page.getByLabel('Inicio del descanso del jueves').fill('15:00');
    await page.getByText(hoursText.breakIncomplete).waitFor();
    await page.getByLabel('Fin del descanso del jueves').fill('16:00');
    await toast(page, 'Horarios actualizados correctamente').waitFor();
    expect(patches.map(({ request }) => request.postDataJSON())).toEqual([{ breakStartTime: '15:00', breakEndTime: '16:00' }]);
    expect(await hoursOf(4)).toMatchObject({ breakStartTime: '15:00', breakEndTime: '16:00' });

    await page.getByLabel('Fin del descanso del jueves').fill('');
    await expect.poll(() => patches.length, { timeout: WAIT }).toBe(2);
    expect(patches[1]!.request.postDataJSON()).toEqual({ breakStartTime: null, breakEndTime: null });
    await expect.poll(async () => (await hoursOf(4)).breakStartTime, { timeout: WAIT }).toBeNull();
    await expectValue(page.getByLabel('Inicio del descanso del jueves'), '');
  });

  it('closes a weekday with its switch, hiding its times', async () => {
    const page = await openSchedule();
    const saturday = page.getByRole('switch', { name: 'Abierto el sábado' });
    await saturday.click();
    await toast(page, 'Horarios actualizados correctamente').waitFor();
    await expect.poll(() => saturday.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => page.getByLabel('Apertura del sábado').count()).toBe(0);
    expect((await hoursOf(6)).isOpen).toBe(false);
  });

  it('keeps Monday closed: a disabled switch, the Cerrado badge and the policy sentence', async () => {
    const page = await openSchedule();
    const monday = page.getByRole('switch', { name: 'Abierto el lunes' });
    expect(await monday.isDisabled()).toBe(true);
    expect(await monday.getAttribute('aria-checked')).toBe('false');
    const row = page.getByRole('listitem').filter({ has: monday });
    await row.getByText(hoursText.closed, { exact: true }).waitFor();
    await row.getByText(hoursText.mondayAlwaysClosed).waitFor();
    expect(await page.getByLabel('Apertura del lunes').count()).toBe(0);
  });

  it('stacks the fields on a 360 px screen without sideways scrolling', async () => {
    const page = await openSchedule({ width: 360, height: 740 });
    await page.getByRole('heading', { name: blocksText.title }).waitFor();
    const opening = await page.getByLabel('Apertura del martes').boundingBox();
    const closing = await page.getByLabel('Cierre del martes').boundingBox();
    expect(closing!.y).toBeGreaterThan(opening!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

describe('the Monday exceptions card', () => {
  it('refuses a Tuesday, then opens a Monday through the dialog and closes it again', async () => {
    const page = await openSchedule();
    const card = region(page, mondayText.title);
    await card.getByText(mondayText.empty).waitFor();
    const date = card.getByLabel(mondayText.date, { exact: true });

    await date.fill(NEXT_TUESDAY);
    const invalid = toast(page, 'Fecha inválida');
    await invalid.waitFor();
    await invalid.getByText('Solo puedes seleccionar lunes').waitFor();
    await expectValue(date, '');

    await date.fill(NEXT_MONDAY);
    await card.getByLabel(mondayText.reason).fill('Cena de empresa');
    await card.getByRole('button', { name: 'Habilitar lunes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar habilitación de lunes' });
    await dialog.getByText('lunes, 30 de noviembre de 2026').waitFor();
    await dialog.getByRole('button', { name: messages.common.confirm }).click();
    await toast(page, 'Lunes habilitado correctamente').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);

    const item = card.getByRole('listitem').filter({ hasText: 'lunes, 30 de noviembre de 2026' });
    await item.getByText('Cena de empresa').waitFor();
    const rows = await db().select().from(mondayExceptions);
    expect(rows).toMatchObject([{ exceptionDate: NEXT_MONDAY, isOpen: true, reason: 'Cena de empresa' }]);

    await item.getByRole('button', { name: 'Deshabilitar el lunes, 30 de noviembre de 2026' }).click();
    await toast(page, 'Lunes deshabilitado correctamente').waitFor();
    await card.getByText('No hay lunes habilitados').waitFor();
    expect(await db().select().from(mondayExceptions)).toEqual([]);
  });
});

describe('the time blocks panel', () => {
  it('enables the add button once date, start and end are set, adds a block and deletes it', async () => {
    const page = await openSchedule();
    const panel = region(page, blocksText.title);
    await panel.getByText(blocksText.empty).waitFor();
    const add = panel.getByRole('button', { name: blocksText.add });
    expect(await add.isDisabled()).toBe(true);
    await panel.getByLabel(blocksText.date, { exact: true }).fill(BLOCK_DATE);
    expect(await add.isDisabled()).toBe(true);
    await panel.getByLabel(blocksText.start, { exact: true }).fill('15:00');
    expect(await add.isDisabled()).toBe(true);
    await panel.getByLabel(blocksText.end, { exact: true }).fill('14:00');
    expect(await add.isDisabled()).toBe(false);

    // The server's Spanish reason for an end before the start.
    await add.click();
    await toast(page, 'La hora de inicio debe ser anterior a la hora de fin.').waitFor();
    expect(await db().select().from(timeBlocks)).toEqual([]);

    await panel.getByLabel(blocksText.start, { exact: true }).fill('14:00');
    await panel.getByLabel(blocksText.end, { exact: true }).fill('15:00');
    await panel.getByLabel(/^Motivo/).fill('Evento privado');
    await add.click();
    await toast(page, blocksText.added).waitFor();
    const item = panel.getByRole('listitem').filter({ hasText: 'viernes, 4 de diciembre de 2026' });
    await item.getByText('14:00 - 15:00').waitFor();
    await item.getByText('Evento privado').waitFor();
    expect(await db().select().from(timeBlocks)).toMatchObject([
      { date: BLOCK_DATE, startTime: '14:00', endTime: '15:00', reason: 'Evento privado' },
    ]);

    await item.getByRole('button', { name: 'Eliminar el bloqueo del viernes, 4 de diciembre de 2026 de 14:00 a 15:00' }).click();
    await toast(page, blocksText.deleted).waitFor();
    await panel.getByText(blocksText.empty).waitFor();
    expect(await db().select().from(timeBlocks)).toEqual([]);
  });
});
