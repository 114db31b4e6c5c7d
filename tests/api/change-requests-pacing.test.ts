import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import type { PacedAvailability } from '@shared/rules/pacing.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { issueSelfServiceToken } from '../../src/server/modules/private-links/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';
import { configure } from '../support/factories.ts';

// Decision 017: a guest's change request counts beside the reservation it would replace until staff decide, and
// confirming it cancels that reservation in the same transaction. Tuesday 24 November 2026, 11:00 in Madrid.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const { app, db, owner: admin } = useApiSuite({ clock });
beforeEach(() => setLimits(null, null));

async function setLimits(maxCoversPerSlot: number | null, maxCoversPerDay: number | null) {
  await configure(db(), { maxCoversPerSlot, maxCoversPerDay });
}

/** A guest's request through the public form; returns its id and a private link's token. */
async function book(reservationDate: string, reservationTime: string, numberOfPeople: number) {
  const body = bookingBody({ numberOfPeople, reservationDate, reservationTime });
  const response = await app().request({ method: 'POST', url: '/api/public/reservations', payload: body, remoteAddress: freshAddress() });
  return { id: body.id, response, token: response.statusCode === 201 ? await issueSelfServiceToken(db(), body.id, clock.now()) : '' };
}

async function bookOk(reservationDate: string, reservationTime: string, numberOfPeople: number) {
  const booked = await book(reservationDate, reservationTime, numberOfPeople);
  expect(booked.response.statusCode).toBe(201);
  return booked;
}

const changeRequest = (token: string, reservationDate: string, reservationTime: string, numberOfPeople: number) =>
  app().request({
    method: 'POST',
    url: `/api/public/guest-reservations/${token}/change-request`,
    payload: { reservationDate, reservationTime, numberOfPeople },
    remoteAddress: freshAddress(),
  });

async function changeOk(token: string, reservationDate: string, reservationTime: string, numberOfPeople: number): Promise<string> {
  const response = await changeRequest(token, reservationDate, reservationTime, numberOfPeople);
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

const setStatus = (id: string, status: 'confirmed' | 'cancelled') =>
  app().request({
    method: 'PATCH',
    url: `/api/admin/reservations/${id}/status`,
    payload: status === 'cancelled' ? { status, reason: 'Sin sitio' } : { status },
    cookie: admin(),
  });

const statusOf = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!.status;
const revisionOf = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!.revision;

/** The reservation's change log as staff read it: who, which action, which changes. */
async function changesOf(id: string) {
  const response = await app().request({ method: 'GET', url: `/api/admin/reservations/${id}/changes`, cookie: admin() });
  expect(response.statusCode).toBe(200);
  return response.json<Array<{ actor: string; action: string; changes: Record<string, [unknown, unknown]> }>>();
}

/** The people of every reservation still holding a place, as a kitchen would count them once every request is decided. */
async function heldCovers(date: string, time?: string): Promise<number> {
  const rows = await db()
    .select()
    .from(reservations)
    .where(and(eq(reservations.reservationDate, date), ne(reservations.status, 'cancelled'), time ? eq(reservations.reservationTime, time) : undefined));
  return rows.reduce((total, row) => total + row.numberOfPeople, 0);
}

const guestRemaining = async (token: string, date: string, time: string) => {
  const response = await app().request({ method: 'GET', url: `/api/public/guest-reservations/${token}/availability?date=${date}` });
  expect(response.statusCode).toBe(200);
  return response.json<PacedAvailability>().slots.find((slot) => slot.time === time)!.remainingCovers;
};

describe('a change request confirmed by staff', () => {
  it('replaces the original: a slot of 10 never holds 16 (6 + 4, then the 6 asking again for the same slot)', async () => {
    await setLimits(10, null);
    const original = await bookOk('2026-12-01', '13:30', 6);
    await bookOk('2026-12-01', '13:30', 4);
    const change = await changeOk(original.token, '2026-12-01', '13:30', 6);

    const revisionBefore = await revisionOf(original.id);
    const confirmed = await setStatus(change, 'confirmed');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: change, status: 'confirmed' });
    expect(await statusOf(original.id)).toBe('cancelled');
    const [replaced] = await db().select().from(reservations).where(eq(reservations.id, original.id));
    expect(replaced).toMatchObject({ cancelledBy: 'guest', cancellationReason: expect.stringContaining('13:30') });
    // Replaced like any other change (issue 42): its revision rises and its log says who confirmed what replaced it.
    expect(replaced!.revision).toBe(revisionBefore + 1);
    expect(await changesOf(original.id)).toMatchObject([
      { actor: 'staff', action: 'status', changes: { status: ['pending', 'cancelled'], cancellationReason: [null, replaced!.cancellationReason] } },
    ]);
    expect(await heldCovers('2026-12-01', '13:30')).toBe(10);
    expect((await book('2026-12-01', '13:30', 1)).response.statusCode).toBe(409);
  });

  it('rejected, leaves the original as it was', async () => {
    await setLimits(10, null);
    const original = await bookOk('2026-12-02', '13:30', 6);
    const change = await changeOk(original.token, '2026-12-02', '14:00', 8);
    expect((await setStatus(change, 'cancelled')).statusCode).toBe(200);
    expect(await statusOf(original.id)).toBe('pending');
    expect(await heldCovers('2026-12-02')).toBe(6);
  });

  it('cancels the other pending requests for the same original (written before this rule)', async () => {
    await setLimits(10, null);
    const original = await bookOk('2026-12-03', '13:30', 4);
    const [first, second] = [randomUUID(), randomUUID()];
    const [row] = await db().select().from(reservations).where(eq(reservations.id, original.id));
    for (const id of [first, second]) {
      await db()
        .insert(reservations)
        .values({ ...row!, id, status: 'pending', reservationTime: '14:00', numberOfPeople: 3, previousReservationId: original.id, guestId: null });
    }
    expect((await setStatus(first, 'confirmed')).statusCode).toBe(200);
    expect([await statusOf(original.id), await statusOf(first), await statusOf(second)]).toEqual(['cancelled', 'confirmed', 'cancelled']);
    expect(await revisionOf(second)).toBe(row!.revision + 1);
    expect(await changesOf(second)).toMatchObject([{ actor: 'staff', action: 'status', changes: { status: ['pending', 'cancelled'] } }]);
  });

  it('whose original staff had already cancelled is just confirmed', async () => {
    const original = await bookOk('2026-12-04', '13:30', 4);
    const change = await changeOk(original.token, '2026-12-04', '14:00', 2);
    expect((await setStatus(original.id, 'cancelled')).statusCode).toBe(200);
    expect((await setStatus(change, 'confirmed')).statusCode).toBe(200);
    expect(await heldCovers('2026-12-04')).toBe(2);
  });
});

describe('until staff decide', () => {
  it('the request and the original both count, in the day and in other slots', async () => {
    await setLimits(10, 14);
    const original = await bookOk('2026-12-05', '13:00', 4);
    await bookOk('2026-12-05', '13:30', 6);
    const change = await changeOk(original.token, '2026-12-05', '13:30', 4);
    // 4 + 6 + 4 = 14 people hold the day until staff decide.
    const refused = await book('2026-12-05', '14:00', 1);
    expect(refused.response.statusCode).toBe(409);
    expect(refused.response.json().error).toMatchObject({ code: 'day_full', message: messages.pacing.dayFull });
    expect((await book('2026-12-05', '13:30', 1)).response.statusCode).toBe(409);

    expect((await setStatus(change, 'confirmed')).statusCode).toBe(200);
    expect(await heldCovers('2026-12-05')).toBe(10);
    expect((await book('2026-12-05', '14:00', 4)).response.statusCode).toBe(201);
  });

  it('a party moving within its own slot needs room only for the people it adds', async () => {
    await setLimits(10, 20);
    const original = await bookOk('2026-12-09', '13:30', 6);
    await bookOk('2026-12-09', '13:30', 4);
    // The slot is full for everyone else, but the party's own 6 places stay its own.
    expect(await guestRemaining(original.token, '2026-12-09', '13:30')).toBe(6);
    expect(await guestRemaining(original.token, '2026-12-09', '14:00')).toBe(10);
    expect((await changeRequest(original.token, '2026-12-09', '13:30', 7)).json().error.code).toBe('slot_full');
    await changeOk(original.token, '2026-12-09', '13:30', 5);
    expect((await book('2026-12-09', '13:30', 1)).response.statusCode).toBe(409);
    // The request adds no one to the day either: 6 + 4 = 10 held of 20.
    expect((await book('2026-12-09', '15:00', 10)).response.statusCode).toBe(201);
    expect((await book('2026-12-09', '15:30', 1)).response.statusCode).toBe(409);
  });

  it('a newer request from the guest replaces the pending one, from either link', async () => {
    await setLimits(10, 14);
    const original = await bookOk('2026-12-10', '13:00', 4);
    await bookOk('2026-12-10', '13:30', 6);
    const first = await changeOk(original.token, '2026-12-10', '14:00', 4);
    // Without replacing the first request, 4 + 6 + 4 + 4 would pass the day's 14.
    const firstRevision = await revisionOf(first);
    const second = await changeOk(original.token, '2026-12-10', '14:30', 4);
    expect(await statusOf(first)).toBe('cancelled');
    // The guest's newer request supersedes the first: logged as the guest's change, with the revision raised.
    expect(await revisionOf(first)).toBe(firstRevision + 1);
    expect((await changesOf(first)).map(({ actor, action, changes }) => [actor, action, changes['status']])).toEqual([
      ['guest', 'created', undefined],
      ['guest', 'status', ['pending', 'cancelled']],
    ]);
    expect(await heldCovers('2026-12-10')).toBe(14);

    const secondToken = await issueSelfServiceToken(db(), second, clock.now());
    const third = await changeOk(secondToken, '2026-12-10', '15:00', 4);
    expect(await statusOf(second)).toBe('cancelled');
    const [row] = await db().select().from(reservations).where(eq(reservations.id, third));
    expect(row!.previousReservationId).toBe(original.id);
    expect((await setStatus(third, 'confirmed')).statusCode).toBe(200);
    expect(await statusOf(original.id)).toBe('cancelled');
    expect(await heldCovers('2026-12-10')).toBe(10);
  });
});
