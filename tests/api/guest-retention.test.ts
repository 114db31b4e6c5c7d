import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guestPrivacyMessages } from '@shared/staff-messages/guest-privacy.ts';
import { guests, privacyEvents, reservations, waitlistEntries } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { monthsBefore } from '../../src/server/modules/privacy/retention.ts';
import { insertGuest, insertReservation, uniqueEmail } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Issue 24, 'Conservación de datos': the nightly run with an injected clock. Thursday 26 November 2026, 04:31 Madrid.
const clock = new ManualClock('2026-11-26T03:31:00Z');
const suite = useApiSuite({ clock });
const db = () => suite.db();
const row = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;

describe('retention', () => {
  it('counts months on the calendar', () => {
    expect(monthsBefore('2026-11-26', 24)).toBe('2024-11-26');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
  });

  it('anonymises old visits and old cancelled requests, removes old allergens and empty profiles, once a night across instances', async () => {
    const old = await insertGuest(db(), { email: uniqueEmail('antiguo'), allergens: ['milk'] });
    const recent = await insertGuest(db(), { email: uniqueEmail('reciente'), allergens: ['nuts'] });
    const lapsedAllergens = await insertGuest(db(), { email: uniqueEmail('alergias'), allergens: ['eggs'] });
    const visit25 = await insertReservation(db(), { guestId: old.id, customerName: 'Visita Antigua', reservationDate: '2024-10-20', status: 'completed' });
    const visit23 = await insertReservation(db(), { guestId: recent.id, customerName: 'Visita Reciente', reservationDate: '2025-01-10', status: 'completed' });
    const cancelled7 = await insertReservation(db(), { guestId: recent.id, customerName: 'Cancelada Vieja', reservationDate: '2026-04-20', status: 'cancelled' });
    const cancelled5 = await insertReservation(db(), { guestId: recent.id, customerName: 'Cancelada Nueva', reservationDate: '2026-06-30', status: 'cancelled' });
    await insertReservation(db(), { guestId: lapsedAllergens.id, customerName: 'Hace Trece Meses', reservationDate: '2025-10-01', status: 'completed' });
    const future = await insertReservation(db(), { guestId: recent.id, customerName: 'Futura Pendiente', reservationDate: '2026-12-01', status: 'pending' });
    // Past bookings nobody closed: left 'confirmed' is a visit, left 'pending' a request that never became one.
    const unclosed25 = await insertReservation(db(), { customerName: 'Confirmada Sin Cerrar', reservationDate: '2024-10-21', status: 'confirmed' });
    const unclosed23 = await insertReservation(db(), { customerName: 'Confirmada Reciente', reservationDate: '2025-01-11', status: 'confirmed' });
    const unanswered7 = await insertReservation(db(), { customerName: 'Pendiente Sin Respuesta', reservationDate: '2026-04-21', status: 'pending' });
    await db().insert(waitlistEntries).values({ customerName: 'Espera Vieja', customerPhone: '600000000', customerEmail: uniqueEmail(), numberOfPeople: 2, reservationDate: '2026-04-01', timeFrom: '13:30', source: 'guest', status: 'expired' });

    // Before 04:30 nothing runs; then one run, however many instances tick.
    clock.set('2026-11-26T03:29:00Z');
    await suite.app().instance.scheduler.tick();
    expect((await row(visit25.id)).erasedAt).toBeNull();
    clock.set('2026-11-26T03:31:00Z');
    await suite.app().instance.scheduler.tick();
    await suite.app().instance.scheduler.tick();

    const erased = guestPrivacyMessages.erasedName;
    expect(await row(visit25.id)).toMatchObject({ customerName: erased, customerEmail: null, customerPhone: null, adminNotes: null, reservationDate: '2024-10-20', status: 'completed' });
    expect(await row(cancelled7.id)).toMatchObject({ customerName: erased, status: 'cancelled' });
    expect(await row(unclosed25.id)).toMatchObject({ customerName: erased, customerEmail: null, status: 'confirmed' });
    expect(await row(unanswered7.id)).toMatchObject({ customerName: erased, status: 'pending' });
    for (const kept of [visit23, cancelled5, future, unclosed23]) expect((await row(kept.id)).customerName).toBe(kept.customerName);
    // The profile left without reservations is gone; the allergens of a guest not seen for 13 months are removed.
    expect(await db().select().from(guests).where(eq(guests.id, old.id))).toHaveLength(0);
    expect((await db().select().from(guests).where(eq(guests.id, lapsedAllergens.id)))[0]!.allergens).toEqual([]);
    expect((await db().select().from(guests).where(eq(guests.id, recent.id)))[0]!.allergens).toEqual(['nuts']);
    expect(await db().select().from(waitlistEntries)).toHaveLength(0);

    const runs = await db().select().from(privacyEvents).where(eq(privacyEvents.action, 'retention'));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.counts).toMatchObject({ reservations: 4, allergens: 1, profiles: 1, waitlist: 1 });
    expect(runs[0]).toMatchObject({ actorEmail: null, guestId: null });
  });

  it('follows the periods the owner sets in Configuración, and refuses one out of range', async () => {
    const refused = await suite.api('PATCH', '/settings', { retentionReservationMonths: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.retentionReservationMonths).toBe('Indica los meses con un número entero de 1 a 120.');
    const saved = await suite.api('PATCH', '/settings', { retentionReservationMonths: 1 });
    expect(saved.json()).toMatchObject({ retentionReservationMonths: 1, retentionCancelledMonths: 6, retentionAllergenMonths: 12 });
    const lastMonth = await insertReservation(db(), { customerName: 'Mes Pasado', reservationDate: '2026-10-20', status: 'completed' });
    clock.set('2026-11-27T03:31:00Z');
    await suite.app().instance.scheduler.tick();
    expect((await row(lastMonth.id)).customerName).toBe(guestPrivacyMessages.erasedName);
  });
});
