import { beforeEach, describe, expect, it } from 'vitest';
import type { FeedbackComments, FeedbackStatistics, GuestSpendStatistics, ReservationFeedback } from '@shared/schemas/feedback-statistics.ts';
import { feedbackStatisticsTexts } from '@shared/staff-messages/feedback-statistics.ts';
import { feedbackRequests, guests, reservations } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { insertGuest, insertReservation, type NewReservation } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Issue 47: Estadísticas' tickets per guest and per segment, 'Valoraciones', and a booking's rating (decision 046).
// Today is Wednesday 28 October 2026 in Madrid: the segments are measured from it.
const suite = useApiSuite({ clock: new ManualClock('2026-10-28T11:00:00Z') });
const db = () => suite.db();
const RANGE = 'from=2026-10-01&to=2026-10-28';

const visit = (values: Partial<NewReservation>) => insertReservation(db(), { status: 'completed', arrivalStatus: 'arrived', ...values });

/** An answer (or, without rating, a request not answered yet) to the booking's feedback request. */
async function answer(reservationId: string, values: { rating?: number; comment?: string; answeredAt?: string; guestId?: string | null }) {
  const answeredAt = values.rating === undefined ? null : new Date(values.answeredAt ?? '2026-10-20T10:00:00Z');
  await db().insert(feedbackRequests).values({
    reservationId,
    guestId: values.guestId ?? null,
    channel: 'email',
    requestedAt: new Date('2026-10-01T10:00:00Z'),
    expiresAt: new Date('2026-12-01T10:00:00Z'),
    answeredAt,
    rating: values.rating ?? null,
    comment: values.comment ?? null,
  });
}

async function get<T>(url: string, cookie?: string): Promise<T> {
  const response = await suite.api('GET', url, undefined, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

beforeEach(async () => {
  await db().delete(reservations);
  await db().delete(guests);
});

/** Ana (VIP): three billed visits this October; Bruno: one billed visit and a no-show; a walk-in without a profile. */
async function seedGuests() {
  const ana = await insertGuest(db(), { name: 'Ana Habitual', tags: ['VIP'] });
  const bruno = await insertGuest(db(), { name: 'Bruno Nuevo' });
  const rows = {
    ana1: await visit({ guestId: ana.id, customerName: 'Ana Habitual', reservationDate: '2026-10-05', reservationTime: '13:00', billCents: 6000 }),
    ana2: await visit({ guestId: ana.id, customerName: 'Ana Habitual', reservationDate: '2026-10-12', reservationTime: '21:00', billCents: 8000 }),
    ana3: await visit({ guestId: ana.id, customerName: 'Ana Habitual', reservationDate: '2026-10-19', reservationTime: '21:30', billCents: 10_000 }),
    bruno1: await visit({ guestId: bruno.id, customerName: 'Bruno Nuevo', reservationDate: '2026-10-06', reservationTime: '13:15', billCents: 3000 }),
    bruno2: await insertReservation(db(), { guestId: bruno.id, customerName: 'Bruno Nuevo', reservationDate: '2026-10-20', status: 'confirmed', arrivalStatus: 'no_show' }),
    walkIn: await visit({ customerName: 'Sin Perfil', source: 'walk_in', reservationDate: '2026-10-07', billCents: 99_999 }),
  };
  return { ana, bruno, rows };
}

describe('GET /api/admin/statistics/guest-spend', () => {
  it("averages each guest's ticket over the guests, per segment (today's, as 'Clientes'), and ranks the top guests", async () => {
    const { ana, bruno } = await seedGuests();
    // A billed visit outside the range.
    await visit({ guestId: bruno.id, customerName: 'Bruno Nuevo', reservationDate: '2026-09-20', billCents: 50_000 });
    expect(await get<GuestSpendStatistics>(`/statistics/guest-spend?${RANGE}`)).toEqual<GuestSpendStatistics>({
      guests: 2,
      // Ana 8000 on average, Bruno 3000: (8000 + 3000) / 2; the walk-in has no profile.
      averagePerGuestCents: 5500,
      segments: [
        { segment: 'regulars', guests: 1, billedVisits: 3, averageCents: 8000 },
        // Both first came within 90 days: (6000 + 8000 + 10000 + 3000) / 4.
        { segment: 'new', guests: 2, billedVisits: 4, averageCents: 6750 },
        { segment: 'lost', guests: 0, billedVisits: 0, averageCents: null },
        { segment: 'vip', guests: 1, billedVisits: 3, averageCents: 8000 },
        { segment: 'noShows', guests: 1, billedVisits: 1, averageCents: 3000 },
      ],
      top: [
        { guestId: ana.id, name: 'Ana Habitual', billedVisits: 3, totalCents: 24_000, averageCents: 8000 },
        { guestId: bruno.id, name: 'Bruno Nuevo', billedVisits: 1, totalCents: 3000, averageCents: 3000 },
      ],
    });
  });

  it("counts a lost guest's old visits in 'Perdidos' for a past range", async () => {
    const carla = await insertGuest(db(), { name: 'Carla Perdida' });
    await visit({ guestId: carla.id, customerName: 'Carla Perdida', reservationDate: '2025-01-10', billCents: 4000 });
    await visit({ guestId: carla.id, customerName: 'Carla Perdida', reservationDate: '2025-02-10', billCents: 6000 });
    const spend = await get<GuestSpendStatistics>('/statistics/guest-spend?from=2025-01-01&to=2025-12-31');
    expect(spend.segments.find(({ segment }) => segment === 'lost')).toEqual({ segment: 'lost', guests: 1, billedVisits: 2, averageCents: 5000 });
    expect(spend.top).toEqual([{ guestId: carla.id, name: 'Carla Perdida', billedVisits: 2, totalCents: 10_000, averageCents: 5000 }]);
  });
});

describe("GET /api/admin/statistics/feedback: 'Valoraciones'", () => {
  async function seedAnswers() {
    const seeded = await seedGuests();
    const { rows, ana, bruno } = seeded;
    await answer(rows.ana1.id, { guestId: ana.id, rating: 5, comment: 'Excelente', answeredAt: '2026-10-06T10:00:00Z' });
    await answer(rows.ana2.id, { guestId: ana.id, rating: 3, comment: 'Algo lento', answeredAt: '2026-10-13T10:00:00Z' });
    await answer(rows.bruno1.id, { guestId: bruno.id, rating: 4, answeredAt: '2026-10-07T10:00:00Z' });
    await answer(rows.ana3.id, { guestId: ana.id, rating: 2, comment: '   ', answeredAt: '2026-10-20T10:00:00Z' });
    // Asked, never answered; and an answer about a visit before the range.
    await answer(rows.walkIn.id, {});
    const september = await visit({ reservationDate: '2026-09-20', reservationTime: '13:00' });
    await answer(september.id, { rating: 1, comment: 'Fuera del periodo', answeredAt: '2026-09-21T10:00:00Z' });
    return seeded;
  }

  it('counts and averages the answered ratings by week, by half-hour slot of the booking and by stars', async () => {
    await seedAnswers();
    expect(await get<FeedbackStatistics>(`/statistics/feedback?${RANGE}`)).toEqual<FeedbackStatistics>({
      count: 4,
      average: 3.5,
      comments: 2,
      weeks: [
        { week: '2026-09-28', count: 0, average: null },
        { week: '2026-10-05', count: 2, average: 4.5 },
        { week: '2026-10-12', count: 1, average: 3 },
        { week: '2026-10-19', count: 1, average: 2 },
        { week: '2026-10-26', count: 0, average: null },
      ],
      slots: [
        { time: '13:00', count: 2, average: 4.5 },
        { time: '21:00', count: 1, average: 3 },
        { time: '21:30', count: 1, average: 2 },
      ],
      distribution: [
        { rating: 1, count: 0 },
        { rating: 2, count: 1 },
        { rating: 3, count: 1 },
        { rating: 4, count: 1 },
        { rating: 5, count: 1 },
      ],
    });
  });

  it('follows the range, by the date of the booking rated', async () => {
    await seedAnswers();
    const week = await get<FeedbackStatistics>('/statistics/feedback?from=2026-10-12&to=2026-10-18');
    expect([week.count, week.average, week.weeks]).toEqual([1, 3, [{ week: '2026-10-12', count: 1, average: 3 }]]);
    const none = await get<FeedbackStatistics>('/statistics/feedback?from=2026-10-26&to=2026-10-28');
    expect([none.count, none.average, none.slots]).toEqual([0, null, []]);
  });

  it('lists the comments newest answer first, with rating, guest and booking, leaving blank ones out', async () => {
    const { ana, rows } = await seedAnswers();
    const page = await get<FeedbackComments>(`/statistics/feedback/comments?${RANGE}`);
    expect(page.hasMore).toBe(false);
    expect(page.comments.map(({ comment, rating, guestName, guestId, reservationId }) => ({ comment, rating, guestName, guestId, reservationId }))).toEqual([
      { comment: 'Algo lento', rating: 3, guestName: 'Ana Habitual', guestId: ana.id, reservationId: rows.ana2.id },
      { comment: 'Excelente', rating: 5, guestName: 'Ana Habitual', guestId: ana.id, reservationId: rows.ana1.id },
    ]);
    expect(page.comments[0]).toMatchObject({ answeredAt: '2026-10-13T10:00:00.000Z', reservationDate: '2026-10-12', reservationTime: '21:00' });
  });

  it("pages the comments ten at a time ('Ver más')", async () => {
    for (let day = 1; day <= 11; day++) {
      const booking = await visit({ reservationDate: `2026-10-${String(day).padStart(2, '0')}`, customerName: `Cliente ${day}` });
      await answer(booking.id, { rating: 4, comment: `Comentario ${day}`, answeredAt: `2026-10-${String(day + 1).padStart(2, '0')}T10:00:00Z` });
    }
    const first = await get<FeedbackComments>(`/statistics/feedback/comments?${RANGE}`);
    expect([first.comments.length, first.hasMore, first.comments[0]!.comment, first.comments[0]!.guestName]).toEqual([10, true, 'Comentario 11', 'Cliente 11']);
    const second = await get<FeedbackComments>(`/statistics/feedback/comments?${RANGE}&offset=10`);
    expect([second.comments.map(({ comment }) => comment), second.hasMore]).toEqual([['Comentario 1'], false]);
  });

  it('refuses a bad range or page with a Spanish message', async () => {
    const badOffset = await suite.api('GET', `/statistics/feedback/comments?${RANGE}&offset=-1`);
    expect(badOffset.statusCode).toBe(400);
    expect(badOffset.body).toContain(feedbackStatisticsTexts.validation.offset);
    expect((await suite.api('GET', '/statistics/feedback?from=2026-10-28&to=2026-10-01')).statusCode).toBe(400);
    expect((await suite.api('GET', '/statistics/guest-spend?from=x&to=2026-10-01')).statusCode).toBe(400);
  });

  it('is the owner’s and the encargado’s, not sala’s', async () => {
    await seedAnswers();
    const floor = await suite.app().signIn({ roles: ['floor'] });
    const manager = await suite.app().signIn({ roles: ['manager'] });
    for (const url of [`/statistics/feedback?${RANGE}`, `/statistics/feedback/comments?${RANGE}`, `/statistics/guest-spend?${RANGE}`]) {
      expect((await suite.api('GET', url, undefined, floor)).statusCode, url).toBe(403);
      expect((await suite.api('GET', url, undefined, manager)).statusCode, url).toBe(200);
    }
  });
});

describe('GET /api/admin/reservations/:id/feedback (decision 046)', () => {
  it("answers the rating to everyone who sees the booking, and the comment to the encargado and the owner", async () => {
    const booking = await visit({ reservationDate: '2026-10-20' });
    await answer(booking.id, { rating: 2, comment: 'La carne llegó fría', answeredAt: '2026-10-21T09:00:00Z' });
    const full = { rating: 2, comment: 'La carne llegó fría', commentHidden: false, answeredAt: '2026-10-21T09:00:00.000Z' };
    expect(await get<ReservationFeedback>(`/reservations/${booking.id}/feedback`)).toEqual({ feedback: full });
    const manager = await suite.app().signIn({ roles: ['manager'] });
    expect(await get<ReservationFeedback>(`/reservations/${booking.id}/feedback`, manager)).toEqual({ feedback: full });
    const floor = await suite.app().signIn({ roles: ['floor'] });
    expect(await get<ReservationFeedback>(`/reservations/${booking.id}/feedback`, floor)).toEqual({
      feedback: { ...full, comment: null, commentHidden: true },
    });
  });

  it('answers null while the request is unanswered or there is none, and 404 for an unknown booking', async () => {
    const asked = await visit({ reservationDate: '2026-10-20' });
    await answer(asked.id, {});
    const notAsked = await visit({ reservationDate: '2026-10-21' });
    expect(await get<ReservationFeedback>(`/reservations/${asked.id}/feedback`)).toEqual({ feedback: null });
    expect(await get<ReservationFeedback>(`/reservations/${notAsked.id}/feedback`)).toEqual({ feedback: null });
    expect((await suite.api('GET', '/reservations/00000000-0000-4000-8000-000000000000/feedback')).statusCode).toBe(404);
    expect((await suite.api('GET', '/reservations/nope/feedback')).statusCode).toBe(400);
  });
});
