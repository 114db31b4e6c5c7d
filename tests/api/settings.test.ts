import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notificationSettingsDefaults, operatingHoursDefaults, restaurantConfigDefaults } from '@shared/defaults.ts';
import type { ChangeEvent } from '@shared/schemas/api.ts';
import {
  emailOutbox,
  mondayExceptions,
  notificationSettings,
  operatingHours,
  reservations,
  restaurantConfig,
} from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { changeOf, EventStreamReader } from '../support/event-stream.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';
import { configure } from '../support/factories.ts';

// Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = '2026-11-24T10:00:00Z';
const clock = new ManualClock(NOW);
const { app, db, owner: admin } = useApiSuite({ clock, listen: true });
beforeEach(() => clock.set(NOW));

/** The singleton settings and the weekly hours are shared by every test: each one starts from the seeded defaults. */
afterEach(async () => {
  const { onesignalAppId: _unused, ...config } = restaurantConfigDefaults;
  await configure(db(), config);
  await db().update(notificationSettings).set(notificationSettingsDefaults).where(eq(notificationSettings.id, 1));
  for (const { dayOfWeek, ...hours } of operatingHoursDefaults) {
    await db().update(operatingHours).set(hours).where(eq(operatingHours.dayOfWeek, dayOfWeek));
  }
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, cookie = admin()) =>
  app().request({ method, url: `/api/admin${url}`, cookie, ...(payload === undefined ? {} : { payload: payload as object }) });
const patchSettings = (payload: unknown) => call('PATCH', '/settings', payload);

function booking(overrides: Record<string, unknown> = {}) {
  return bookingBody({
    customerPhone: '+34 611 222 333',
    reservationDate: '2026-11-26',
    reservationTime: '13:30',
    ...overrides,
  });
}
const book = (body: object) =>
  app().request({ method: 'POST', url: '/api/public/reservations', payload: body, remoteAddress: freshAddress() });
const queuedEmails = (reservationId: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, reservationId));

interface SlotView {
  time: string;
  available: boolean;
  reason: string | null;
}
async function availability(date: string) {
  const response = await app().request({ method: 'GET', url: `/api/public/availability?date=${date}` });
  expect(response.statusCode).toBe(200);
  return response.json() as { bookable: boolean; closedReason: string | null; closedMessage: string | null; slots: SlotView[] };
}
const slotOf = (slots: SlotView[], time: string) => slots.find((slot) => slot.time === time);
async function calendar() {
  const response = await app().request({ method: 'GET', url: '/api/public/calendar' });
  expect(response.statusCode).toBe(200);
  return response.json() as { openedMondays: string[]; closedDates: string[]; reservationsPaused: boolean };
}

describe('restaurant settings', () => {
  it('answers the seeded Spanish defaults, without the id or the push app id', async () => {
    const response = await call('GET', '/settings');
    expect(response.statusCode).toBe(200);
    const settings = response.json();
    expect(settings).toMatchObject({
      name: 'Mi Restaurante',
      welcomeMessage: 'Bienvenido a nuestro restaurante',
      confirmationMessage: 'Tu reserva ha sido confirmada por el establecimiento',
      autoConfirmationMessage: 'Su reserva ha sido confirmada automáticamente. Nos vemos pronto!',
      cancellationMessage: 'Su reserva ha sido cancelada. Si tiene alguna pregunta, contáctenos.',
      cancellationPolicy: 'Las reservas pueden cancelarse hasta 2 horas antes de la hora programada.',
      cancellationSubject: 'Reserva cancelada',
      dailyReportTime: '12:00',
      dailyReportTimezone: 'Europe/Madrid',
      dailyReportEnabled: false,
      reservationDurationMinutes: 90,
      autoConfirmationEnabled: false,
      reservationsPaused: false,
      welcomeEmailEnabled: true,
      reminder24hEnabled: true,
      reminder2hEnabled: true,
      openingTime: '13:00',
      closingTime: '18:00',
      adminEmail: null,
      additionalReportEmail: null,
      logoUrl: null,
    });
    expect(settings.reminder24hMessage).toContain('{time}');
    expect(settings.reminder24hMessage).toContain('{people}');
    expect(settings.reminder2hMessage).toContain('{time}');
    for (const variable of ['customerName', 'restaurantName', 'reservationDate', 'reservationTime', 'numberOfPeople']) {
      expect(settings.welcomeEmailMessage).toContain(`{${variable}}`);
    }
    expect(settings).not.toHaveProperty('id');
    expect(settings).not.toHaveProperty('onesignalAppId');
  });

  it('refuses an anonymous caller and a non-admin', async () => {
    expect((await call('GET', '/settings', undefined, '')).statusCode).toBe(401);
    const staff = await app().signIn({ roles: [] });
    expect((await call('PATCH', '/settings', { name: 'Intruso' }, staff)).statusCode).toBe(403);
    expect((await call('GET', '/settings')).json().name).toBe('Mi Restaurante');
  });

  it('saves a single field and answers the merged settings', async () => {
    const before = (await call('GET', '/settings')).json();
    const response = await patchSettings({ welcomeMessage: 'Bienvenidos a Casa Lola' });
    expect(response.statusCode).toBe(200);
    const after = response.json();
    expect(after).toEqual({ ...before, welcomeMessage: 'Bienvenidos a Casa Lola', updatedAt: new Date(NOW).toISOString() });
    expect((await call('GET', '/settings')).json()).toEqual(after);
    const [row] = await db().select().from(restaurantConfig).where(eq(restaurantConfig.id, 1));
    expect(row).toMatchObject({ welcomeMessage: 'Bienvenidos a Casa Lola', name: 'Mi Restaurante', reservationDurationMinutes: 90 });
  });

  it('saves several fields at once, lower-cases emails and stores an empty admin email as null', async () => {
    const saved = await patchSettings({
      reservationDurationMinutes: 120,
      brandColor: '#1A2b3C',
      adminEmail: '  Sala@Example.COM ',
      dailyReportTimezone: 'America/Mexico_City',
      dailyReportTime: '08:30',
      contactPhone1: '+34 (91) 123-4567',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      reservationDurationMinutes: 120,
      brandColor: '#1A2b3C',
      adminEmail: 'sala@example.com',
      dailyReportTimezone: 'America/Mexico_City',
      dailyReportTime: '08:30',
      contactPhone1: '+34 (91) 123-4567',
    });

    const cleared = await patchSettings({ adminEmail: '', contactPhone1: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ adminEmail: null, contactPhone1: null, reservationDurationMinutes: 120 });
    const [row] = await db().select().from(restaurantConfig).where(eq(restaurantConfig.id, 1));
    expect(row!.adminEmail).toBeNull();
    expect(row!.contactPhone1).toBeNull();
  });

  it('refuses each invalid field with 400 and its Spanish message, saving nothing', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['name', '', 'El nombre del restaurante es obligatorio'],
      ['name', '    ', 'El nombre del restaurante es obligatorio'],
      ['brandColor', 'red', 'Usa un color en formato #RRGGBB'],
      ['reservationDurationMinutes', 45, 'Duración no válida'],
      ['dailyReportTimezone', 'Mars/Olympus', 'Zona horaria no válida'],
      ['dailyReportTime', '25:00', 'Formato de hora inválido'],
      ['openingTime', '9:00', 'Formato de hora inválido'],
      ['adminEmail', 'nope', 'Formato de email inválido'],
      ['additionalReportEmail', 'a@b', 'Formato de email inválido'],
      ['contactPhone1', 'abc', 'El teléfono solo puede contener números y caracteres básicos'],
      ['welcomeMessage', 'x'.repeat(2001), 'El texto es demasiado largo'],
      ['cancellationPolicy', '   ', 'El texto no puede estar vacío'],
      ['welcomeEmailSubject', 's'.repeat(201), 'El texto es demasiado largo'],
    ];
    for (const [field, value, message] of cases) {
      const response = await patchSettings({ [field]: value });
      expect(response.statusCode, `${field}=${String(value).slice(0, 20)}`).toBe(400);
      expect(response.json().error.fields, field).toMatchObject({ [field]: message });
    }
    // A template of exactly 2000 characters is accepted.
    expect((await patchSettings({ confirmationMessage: 'y'.repeat(2000) })).statusCode).toBe(200);

    const [row] = await db().select().from(restaurantConfig).where(eq(restaurantConfig.id, 1));
    expect(row).toMatchObject({
      name: 'Mi Restaurante',
      brandColor: restaurantConfigDefaults.brandColor,
      reservationDurationMinutes: 90,
      dailyReportTimezone: 'Europe/Madrid',
      dailyReportTime: '12:00',
      adminEmail: null,
      contactPhone1: null,
      welcomeMessage: 'Bienvenido a nuestro restaurante',
      cancellationPolicy: 'Las reservas pueden cancelarse hasta 2 horas antes de la hora programada.',
    });
  });

  it('refuses an unknown field, a wrong type and an empty body', async () => {
    const unknown = await patchSettings({ name: 'Casa Pepe', onesignalAppId: 'hijack' });
    expect(unknown.statusCode).toBe(400);
    const wrongType = await patchSettings({ autoConfirmationEnabled: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields).toHaveProperty('autoConfirmationEnabled');

    const empty = await patchSettings({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('No hay cambios que guardar');

    const [row] = await db().select().from(restaurantConfig).where(eq(restaurantConfig.id, 1));
    expect(row).toMatchObject({ name: 'Mi Restaurante', onesignalAppId: null, autoConfirmationEnabled: false });
  });

  it('requires the opening time before the closing time, in one PATCH or across two', async () => {
    const oneGo = await patchSettings({ openingTime: '20:00', closingTime: '19:00' });
    expect(oneGo.statusCode).toBe(400);
    expect(oneGo.json().error.message).toBe('La hora de apertura debe ser anterior a la de cierre');

    const equal = await patchSettings({ openingTime: '18:00' }); // closing is 18:00
    expect(equal.statusCode).toBe(400);
    expect(equal.json().error.fields).toEqual({ openingTime: 'La hora de apertura debe ser anterior a la de cierre' });

    expect((await patchSettings({ openingTime: '10:00' })).statusCode).toBe(200);
    const second = await patchSettings({ closingTime: '09:30' });
    expect(second.statusCode).toBe(400);
    expect(second.json().error.fields).toEqual({ closingTime: 'La hora de apertura debe ser anterior a la de cierre' });

    const [row] = await db().select().from(restaurantConfig).where(eq(restaurantConfig.id, 1));
    expect(row).toMatchObject({ openingTime: '10:00', closingTime: '18:00' });
  });

  it('checks concurrent PATCHes of the opening and the closing time one after the other: one 200, one 400', async () => {
    for (let round = 0; round < 10; round++) {
      expect((await patchSettings({ openingTime: '13:00', closingTime: '18:00' })).statusCode).toBe(200);
      // Each is valid alone against 13:00-18:00; together they would leave opening 17:00 after closing 14:00.
      const responses = await Promise.all([patchSettings({ openingTime: '17:00' }), patchSettings({ closingTime: '14:00' })]);
      expect(responses.map((response) => response.statusCode).sort(), `round ${round}`).toEqual([200, 400]);
      const refused = responses.find((response) => response.statusCode === 400)!;
      expect(refused.json().error.message).toBe('La hora de apertura debe ser anterior a la de cierre');
      const [row] = await db().select().from(restaurantConfig).where(eq(restaurantConfig.id, 1));
      expect(row!.openingTime < row!.closingTime).toBe(true);
    }
  });

  it('stores hostile text verbatim, as text', async () => {
    const script = '<script>alert(1)</script>';
    const sql = "Robert'); DROP TABLE reservations;-- \" OR 1=1";
    const emoji = '🍷 Bienvenidos 🥘 a la mesa 👨‍👩‍👧';
    const response = await patchSettings({ name: script, welcomeMessage: sql, cancellationPolicy: emoji });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: script, welcomeMessage: sql, cancellationPolicy: emoji });

    const [row] = await db().select().from(restaurantConfig).where(eq(restaurantConfig.id, 1));
    expect(row).toMatchObject({ name: script, welcomeMessage: sql, cancellationPolicy: emoji });
    const publicSettings = await app().request({ method: 'GET', url: '/api/public/settings' });
    expect(publicSettings.json()).toMatchObject({ name: script, welcomeMessage: sql, cancellationPolicy: emoji });
    // The reservations table is still there.
    await expect(db().select().from(reservations).limit(1)).resolves.toBeInstanceOf(Array);
  });
});

describe('effects of the settings on public booking', () => {
  it('auto-confirmation creates the reservation confirmed and sends the auto-confirmation email', async () => {
    expect((await patchSettings({ autoConfirmationEnabled: true })).statusCode).toBe(200);
    const body = booking({ reservationDate: '2026-11-26', reservationTime: '14:00' });
    const response = await book(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ id: body.id, status: 'confirmed' });
    const [row] = await db().select().from(reservations).where(eq(reservations.id, body.id));
    expect(row!.status).toBe('confirmed');
    const emails = await queuedEmails(body.id);
    expect(emails.map((email) => [email.kind, email.toAddress])).toEqual([['reservation_auto_confirmed', body.customerEmail]]);
    expect(emails[0]!.textBody).toContain('Su reserva ha sido confirmada automáticamente');

    expect((await patchSettings({ autoConfirmationEnabled: false })).statusCode).toBe(200);
    const later = booking({ reservationDate: '2026-11-26', reservationTime: '14:30' });
    expect((await book(later)).json()).toMatchObject({ id: later.id, status: 'pending' });
  });

  it('pausing all reservations refuses new ones with the spec message and tells the calendar', async () => {
    expect((await patchSettings({ reservationsPaused: true })).statusCode).toBe(200);
    const body = booking({ reservationDate: '2026-11-27', reservationTime: '13:00' });
    const refused = await book(body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('En este momento no aceptamos nuevas reservas. Inténtalo más tarde.');
    expect(await db().select().from(reservations).where(eq(reservations.id, body.id))).toHaveLength(0);
    expect((await calendar()).reservationsPaused).toBe(true);
    expect(await availability('2026-11-27')).toMatchObject({ bookable: false, closedReason: 'paused_all', slots: [] });

    expect((await patchSettings({ reservationsPaused: false })).statusCode).toBe(200);
    expect((await calendar()).reservationsPaused).toBe(false);
    expect((await book(body)).statusCode).toBe(201);
  });

  it('with the welcome email off, queues only the staff email', async () => {
    expect((await patchSettings({ welcomeEmailEnabled: false, adminEmail: 'sala@example.com' })).statusCode).toBe(200);
    const body = booking({ reservationDate: '2026-11-28', reservationTime: '15:00' });
    expect((await book(body)).statusCode).toBe(201);
    const emails = await queuedEmails(body.id);
    expect(emails.map((email) => [email.kind, email.toAddress])).toEqual([['staff_new_reservation', 'sala@example.com']]);

    expect((await patchSettings({ welcomeEmailEnabled: true })).statusCode).toBe(200);
    const next = booking({ reservationDate: '2026-11-28', reservationTime: '15:30' });
    expect((await book(next)).statusCode).toBe(201);
    expect((await queuedEmails(next.id)).map((email) => email.kind).sort()).toEqual(['reservation_welcome', 'staff_new_reservation']);
  });

  it('with email notifications off, queues no email at all', async () => {
    expect((await patchSettings({ adminEmail: 'sala@example.com' })).statusCode).toBe(200);
    const off = await call('PATCH', '/notification-settings', { emailNotificationsEnabled: false });
    expect(off.statusCode).toBe(200);
    const body = booking({ reservationDate: '2026-11-29', reservationTime: '16:00' });
    expect((await book(body)).statusCode).toBe(201);
    expect(await queuedEmails(body.id)).toEqual([]);

    expect((await call('PATCH', '/notification-settings', { emailNotificationsEnabled: true })).statusCode).toBe(200);
    const next = booking({ reservationDate: '2026-11-29', reservationTime: '16:30' });
    expect((await book(next)).statusCode).toBe(201);
    expect(await queuedEmails(next.id)).toHaveLength(2);
  });
});

describe('operating hours', () => {
  it('lists seven days, Sunday first, Monday closed', async () => {
    const response = await call('GET', '/operating-hours');
    expect(response.statusCode).toBe(200);
    const days = response.json() as Array<{ dayOfWeek: number; isOpen: boolean; openTime: string; closeTime: string }>;
    expect(days.map((day) => day.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(days.map((day) => day.isOpen)).toEqual([true, false, true, true, true, true, true]);
    expect(days[3]).toMatchObject({ openTime: '13:00', closeTime: '18:00', breakStartTime: null, breakEndTime: null });
    expect(days[0]).toHaveProperty('id');
  });

  it('never opens Monday', async () => {
    const response = await call('PATCH', '/operating-hours/1', { isOpen: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Los lunes están permanentemente cerrados por política del restaurante');
    const [monday] = await db().select().from(operatingHours).where(eq(operatingHours.dayOfWeek, 1));
    expect(monday!.isOpen).toBe(false);
  });

  it('refuses a closing time before the opening, a half break, a break outside hours, a bad time and day 7', async () => {
    const backwards = await call('PATCH', '/operating-hours/3', { openTime: '17:00', closeTime: '12:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe('La hora de apertura debe ser anterior a la de cierre');
    const pastClose = await call('PATCH', '/operating-hours/3', { openTime: '18:30' }); // closes 18:00
    expect(pastClose.statusCode).toBe(400);

    const half = await call('PATCH', '/operating-hours/3', { breakStartTime: '15:00' });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.message).toBe('Indica el inicio y el fin del descanso');
    const otherHalf = await call('PATCH', '/operating-hours/3', { breakStartTime: null, breakEndTime: '16:00' });
    expect(otherHalf.statusCode).toBe(400);
    expect(otherHalf.json().error.message).toBe('Indica el inicio y el fin del descanso');

    for (const [start, end] of [['12:00', '14:00'], ['17:00', '19:00'], ['16:00', '15:00']]) {
      const outside = await call('PATCH', '/operating-hours/3', { breakStartTime: start, breakEndTime: end });
      expect(outside.statusCode, `${start}-${end}`).toBe(400);
      expect(outside.json().error.message).toBe('El descanso debe empezar y terminar dentro del horario de apertura');
    }

    const badTime = await call('PATCH', '/operating-hours/3', { openTime: '1pm' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().error.fields).toEqual({ openTime: 'Formato de hora inválido' });
    expect((await call('PATCH', '/operating-hours/3', { nope: true })).statusCode).toBe(400);
    expect((await call('PATCH', '/operating-hours/3', {})).statusCode).toBe(400);
    expect((await call('PATCH', '/operating-hours/7', { isOpen: true })).statusCode).toBe(400);
    expect((await call('PATCH', '/operating-hours/-1', { isOpen: true })).statusCode).toBe(400);

    const [wednesday] = await db().select().from(operatingHours).where(eq(operatingHours.dayOfWeek, 3));
    expect(wednesday).toMatchObject({ isOpen: true, openTime: '13:00', closeTime: '18:00', breakStartTime: null, breakEndTime: null });
  });

  it('a Wednesday break removes its slots from that date, keeping the slot at its end', async () => {
    const response = await call('PATCH', '/operating-hours/3', { breakStartTime: '15:00', breakEndTime: '16:00' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ dayOfWeek: 3, isOpen: true, breakStartTime: '15:00', breakEndTime: '16:00' });
    const { bookable, slots } = await availability('2026-11-25');
    expect(bookable).toBe(true);
    expect(slots.map((slot) => slot.time)).toEqual(['13:00', '13:30', '14:00', '14:30', '16:00', '16:30', '17:00', '17:30']);
    const refused = await book(booking({ reservationDate: '2026-11-25', reservationTime: '15:30' }));
    expect(refused.statusCode).toBe(422);
    // The next Wednesday has the break too; Thursday does not.
    expect(slotOf((await availability('2026-12-02')).slots, '15:00')).toBeUndefined();
    expect(slotOf((await availability('2026-11-26')).slots, '15:00')).toMatchObject({ available: true });

    // Removing the break (both ends null) brings the slots back.
    expect((await call('PATCH', '/operating-hours/3', { breakStartTime: null, breakEndTime: null })).statusCode).toBe(200);
    expect(slotOf((await availability('2026-11-25')).slots, '15:00')).toMatchObject({ available: true });
  });

  it('new hours change the slots of that weekday', async () => {
    const response = await call('PATCH', '/operating-hours/4', { openTime: '12:00', closeTime: '14:00' });
    expect(response.statusCode).toBe(200);
    expect((await availability('2026-12-03')).slots.map((slot) => slot.time)).toEqual(['12:00', '12:30', '13:00', '13:30']);
  });

  it('closing Wednesday makes that date not bookable', async () => {
    const response = await call('PATCH', '/operating-hours/3', { isOpen: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ dayOfWeek: 3, isOpen: false });
    const closed = await availability('2026-12-09');
    expect(closed).toMatchObject({ bookable: false, closedReason: 'closed_weekday', slots: [] });
    const refused = await book(booking({ reservationDate: '2026-12-09', reservationTime: '13:00' }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      'En esta fecha no aceptamos reservas. Por favor, selecciona otro día disponible.',
    );
    expect((await availability('2026-12-10')).bookable).toBe(true);
  });
});

describe('Monday exceptions', () => {
  it('opens a Monday with the default reason, making it bookable, and closes it again on delete', async () => {
    expect((await availability('2026-11-30')).closedReason).toBe('monday');

    const created = await call('POST', '/monday-exceptions', { date: '2026-11-30' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ date: '2026-11-30', reason: 'Habilitado manualmente' });
    const { id } = created.json();

    const opened = await availability('2026-11-30');
    expect(opened.bookable).toBe(true);
    expect(opened.slots.map((slot) => slot.time)).toContain('13:00');
    expect((await calendar()).openedMondays).toContain('2026-11-30');
    expect((await book(booking({ reservationDate: '2026-11-30', reservationTime: '17:00' }))).statusCode).toBe(201);

    const deleted = await call('DELETE', `/monday-exceptions/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await availability('2026-11-30')).closedReason).toBe('monday');
    expect((await calendar()).openedMondays).not.toContain('2026-11-30');
    expect((await call('GET', '/monday-exceptions')).json().map((row: { id: string }) => row.id)).not.toContain(id);
  });

  it('keeps a given reason and refuses a Tuesday, a past Monday and an impossible date', async () => {
    const withReason = await call('POST', '/monday-exceptions', { date: '2027-01-04', reason: 'Reyes' });
    expect(withReason.statusCode).toBe(201);
    expect(withReason.json()).toMatchObject({ date: '2027-01-04', reason: 'Reyes' });

    const tuesday = await call('POST', '/monday-exceptions', { date: '2026-12-01' });
    expect(tuesday.statusCode).toBe(400);
    expect(tuesday.json().error.message).toBe('Solo puedes seleccionar lunes');
    const past = await call('POST', '/monday-exceptions', { date: '2026-11-23' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe('La fecha no puede ser anterior a hoy.');
    expect((await call('POST', '/monday-exceptions', { date: '2027-02-30' })).statusCode).toBe(400);
    expect((await call('POST', '/monday-exceptions', {})).statusCode).toBe(400);

    const dates = (await db().select().from(mondayExceptions)).map((row) => row.exceptionDate);
    expect(dates).not.toContain('2026-12-01');
    expect(dates).not.toContain('2026-11-23');
  });

  it('lists upcoming opened Mondays in date order, leaving past ones out', async () => {
    await db().insert(mondayExceptions).values({ exceptionDate: '2026-11-16', reason: 'Pasado' });
    for (const date of ['2026-12-21', '2026-12-07', '2026-12-14']) {
      expect((await call('POST', '/monday-exceptions', { date })).statusCode).toBe(201);
    }
    const response = await call('GET', '/monday-exceptions');
    expect(response.statusCode).toBe(200);
    const dates = response.json().map((row: { date: string }) => row.date) as string[];
    expect(dates).not.toContain('2026-11-16');
    const mine = dates.filter((date) => ['2026-12-07', '2026-12-14', '2026-12-21'].includes(date));
    expect(mine).toEqual(['2026-12-07', '2026-12-14', '2026-12-21']);
    expect(dates).toEqual([...dates].sort());
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call('DELETE', `/monday-exceptions/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/monday-exceptions/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('time blocks', () => {
  it('adds a block that marks its slots blocked, lists blocks by date and deletes them', async () => {
    const created = await call('POST', '/time-blocks', {
      date: '2026-12-04',
      startTime: '14:00',
      endTime: '15:00',
      reason: 'Evento privado',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ date: '2026-12-04', startTime: '14:00', endTime: '15:00', reason: 'Evento privado' });
    const { id } = created.json();

    const { slots } = await availability('2026-12-04');
    expect(slotOf(slots, '13:30')).toMatchObject({ available: true, reason: null });
    expect(slotOf(slots, '14:00')).toMatchObject({ available: false, reason: 'blocked' });
    expect(slotOf(slots, '14:30')).toMatchObject({ available: false, reason: 'blocked' });
    expect(slotOf(slots, '15:00')).toMatchObject({ available: true, reason: null });
    const refused = await book(booking({ reservationDate: '2026-12-04', reservationTime: '14:30' }));
    expect(refused.statusCode).toBe(422);

    const earlier = await call('POST', '/time-blocks', { date: '2026-12-03', startTime: '16:00', endTime: '17:00' });
    expect(earlier.statusCode).toBe(201);
    expect(earlier.json().reason).toBeNull();
    const list = await call('GET', '/time-blocks');
    expect(list.statusCode).toBe(200);
    const blocks = list.json() as Array<{ id: string; date: string }>;
    const ids = blocks.map((block) => block.id);
    expect(ids.indexOf(earlier.json().id)).toBeLessThan(ids.indexOf(id));
    expect(blocks.map((block) => block.date)).toEqual(blocks.map((block) => block.date).sort());

    expect((await call('DELETE', `/time-blocks/${id}`)).statusCode).toBe(204);
    expect(slotOf((await availability('2026-12-04')).slots, '14:00')).toMatchObject({ available: true });
    expect((await call('GET', '/time-blocks')).json().map((block: { id: string }) => block.id)).not.toContain(id);
    expect((await call('DELETE', `/time-blocks/${id}`)).statusCode).toBe(404);
  });

  it('refuses a start after the end, a bad time and a bad date', async () => {
    const backwards = await call('POST', '/time-blocks', { date: '2026-12-05', startTime: '15:00', endTime: '14:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toEqual({ endTime: 'La hora de inicio debe ser anterior a la hora de fin.' });
    expect((await call('POST', '/time-blocks', { date: '2026-12-05', startTime: '15:00', endTime: '15:00' })).statusCode).toBe(400);
    expect((await call('POST', '/time-blocks', { date: '2026-12-05', startTime: '24:00', endTime: '25:00' })).statusCode).toBe(400);
    expect((await call('POST', '/time-blocks', { date: '2026-13-05', startTime: '14:00', endTime: '15:00' })).statusCode).toBe(400);
    expect((await call('GET', '/time-blocks')).json().filter((block: { date: string }) => block.date === '2026-12-05')).toEqual([]);
  });
});

describe('notification settings', () => {
  it('answers the defaults, changes one switch and refuses an unknown field', async () => {
    const initial = await call('GET', '/notification-settings');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({
      pushNotificationsEnabled: false,
      emailNotificationsEnabled: true,
      reminderNotificationsEnabled: true,
      newRequestEmailMode: 'each',
    });

    const changed = await call('PATCH', '/notification-settings', { reminderNotificationsEnabled: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      pushNotificationsEnabled: false,
      emailNotificationsEnabled: true,
      reminderNotificationsEnabled: false,
      newRequestEmailMode: 'each',
    });
    expect((await call('GET', '/notification-settings')).json().reminderNotificationsEnabled).toBe(false);

    expect((await call('PATCH', '/notification-settings', { smsEnabled: true })).statusCode).toBe(400);
    expect((await call('PATCH', '/notification-settings', { pushNotificationsEnabled: 'on' })).statusCode).toBe(400);
    const empty = await call('PATCH', '/notification-settings', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('No hay cambios que guardar');
    expect((await call('GET', '/notification-settings')).json()).toEqual({
      pushNotificationsEnabled: false,
      emailNotificationsEnabled: true,
      reminderNotificationsEnabled: false,
      newRequestEmailMode: 'each',
    });
  });
});

describe('change events', () => {
  let stream: EventStreamReader | null = null;
  afterEach(async () => {
    await stream?.close();
    stream = null;
  });

  it('every settings write emits a change naming its table', async () => {
    const response = await fetch(`${app().instance.url}/api/admin/events`, {
      headers: { accept: 'text/event-stream', cookie: admin() },
    });
    expect(response.status).toBe(200);
    stream = new EventStreamReader(response);
    expect(await stream.next()).toEqual({ event: 'ready', data: '{}' });

    expect((await patchSettings({ name: 'Casa Eventos' })).statusCode).toBe(200);
    const hours = await call('PATCH', '/operating-hours/5', { closeTime: '17:30' });
    expect(hours.statusCode).toBe(200);
    const monday = (await call('POST', '/monday-exceptions', { date: '2027-01-11' })).json();
    const block = (await call('POST', '/time-blocks', { date: '2026-12-11', startTime: '13:00', endTime: '14:00' })).json();
    expect((await call('PATCH', '/notification-settings', { pushNotificationsEnabled: true })).statusCode).toBe(200);
    expect((await call('DELETE', `/monday-exceptions/${monday.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/time-blocks/${block.id}`)).statusCode).toBe(204);
    // A refused write emits nothing: the marker below would otherwise be preceded by it.
    expect((await patchSettings({ openingTime: '19:00' })).statusCode).toBe(400);
    expect((await call('PATCH', '/notification-settings', { reminderNotificationsEnabled: false })).statusCode).toBe(200);

    // Changes arrive in commit order; the second notification_settings change is the last write.
    let notificationChanges = 0;
    const events = await stream.until((event) => changeOf(event)?.table === 'notification_settings' && ++notificationChanges === 2);
    const changes = events.map(changeOf).filter((change): change is ChangeEvent => change !== null);
    expect(changes).toEqual([
      { table: 'restaurant_config', action: 'update', id: '1' },
      { table: 'operating_hours', action: 'update', id: hours.json().id },
      { table: 'monday_exceptions', action: 'insert', id: monday.id },
      { table: 'time_blocks', action: 'insert', id: block.id },
      { table: 'notification_settings', action: 'update', id: '1' },
      { table: 'monday_exceptions', action: 'delete', id: monday.id },
      { table: 'time_blocks', action: 'delete', id: block.id },
      { table: 'notification_settings', action: 'update', id: '1' },
    ]);
  });
});
