import { beforeEach, describe, expect, it } from 'vitest';
import type { MessagingStatistics, Statistics } from '@shared/schemas/statistics.ts';
import { guestMessages, reservations, waitlistEntries, waitlistOffers } from '../../src/server/db/schema.ts';
import { insertReservation, type NewReservation } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Issue 46, item 6: Estadísticas › WhatsApp y SMS, from rows written straight to the database.
// Wednesday 28 October 2026, 12:00 in Madrid.
const NOW = '2026-10-28T11:00:00Z';

const { app, db, owner } = useApiSuite({ at: NOW });

beforeEach(async () => {
  await db().delete(waitlistEntries);
  await db().delete(reservations);
});

let phone = 600_100_000;
type Booking = Partial<NewReservation> & Pick<NewReservation, 'reservationDate'>;

/** A booking whose guest chose WhatsApp, and their answer to its reminder, if any, at `answeredAt`. */
async function asked(values: Booking, answer?: { outcome: 'confirmed' | 'cancelled'; at: string }) {
  phone += 1;
  const row = await insertReservation(db(), {
    status: 'confirmed',
    reservationTime: '21:00',
    customerPhoneE164: `+34${phone}`,
    messagingChannel: 'whatsapp',
    ...(answer?.outcome === 'confirmed' ? { guestConfirmedAt: new Date(answer.at) } : {}),
    ...(answer?.outcome === 'cancelled' ? { status: 'cancelled', cancelledBy: 'guest' } : {}),
    ...values,
  });
  if (answer) {
    await db()
      .insert(guestMessages)
      .values({ direction: 'in', channel: 'whatsapp', kind: 'answer', reservationId: row.id, phoneE164: `+34${phone}`, body: 'x', status: 'received', outcome: answer.outcome, createdAt: new Date(answer.at), sentAt: new Date(answer.at) });
  }
  return row;
}

/** A waitlist party offered 21:00 on `date` at `offeredAt`, which it accepted or not. */
async function offer(date: string, offeredAt: string, status: 'accepted' | 'expired') {
  const [entry] = await db()
    .insert(waitlistEntries)
    .values({ customerName: 'Espera', customerEmail: `espera${(phone += 1)}@example.com`, numberOfPeople: 2, reservationDate: date, timeFrom: '21:00', source: 'guest', status: status === 'accepted' ? 'booked' : 'missed' })
    .returning();
  await db()
    .insert(waitlistOffers)
    .values({ entryId: entry!.id, reservationDate: date, reservationTime: '21:00', numberOfPeople: 2, offeredAt: new Date(offeredAt), holdUntil: new Date(new Date(offeredAt).getTime() + 900_000), status });
}

async function messaging(from: string, to: string): Promise<MessagingStatistics> {
  const response = await app().request({ method: 'GET', url: `/api/admin/statistics?from=${from}&to=${to}`, cookie: owner() });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Statistics).messaging;
}

describe('GET /api/admin/statistics: WhatsApp and SMS', () => {
  it('counts who was asked, who confirmed, who cancelled by answering and the places a waitlist party took after', async () => {
    const noShow = { arrivalStatus: 'no_show' as const };
    const came = { arrivalStatus: 'arrived' as const, status: 'completed' as const };
    // Confirmed: one came, one did not.
    await asked({ reservationDate: '2026-10-21', ...came }, { outcome: 'confirmed', at: '2026-10-20T18:00:00Z' });
    await asked({ reservationDate: '2026-10-22', ...noShow }, { outcome: 'confirmed', at: '2026-10-21T18:00:00Z' });
    // Never answered: two no-shows and one that came.
    await asked({ reservationDate: '2026-10-22', ...noShow });
    await asked({ reservationDate: '2026-10-23', ...noShow });
    await asked({ reservationDate: '2026-10-23', ...came });
    // Cancelled by answering: the 24th's place went to the waitlist after the answer; the 25th's offer came before it
    // and the 26th's was not accepted.
    await asked({ reservationDate: '2026-10-24' }, { outcome: 'cancelled', at: '2026-10-23T17:00:00Z' });
    await offer('2026-10-24', '2026-10-23T17:01:00Z', 'accepted');
    await asked({ reservationDate: '2026-10-25' }, { outcome: 'cancelled', at: '2026-10-24T17:00:00Z' });
    await offer('2026-10-25', '2026-10-24T16:00:00Z', 'accepted');
    await asked({ reservationDate: '2026-10-26' }, { outcome: 'cancelled', at: '2026-10-25T17:00:00Z' });
    await offer('2026-10-26', '2026-10-25T17:01:00Z', 'expired');
    // Not asked (email), and asked outside the range.
    await insertReservation(db(), { reservationDate: '2026-10-22', status: 'confirmed', ...noShow });
    await asked({ reservationDate: '2026-10-19', ...noShow }, { outcome: 'confirmed', at: '2026-10-18T18:00:00Z' });

    expect(await messaging('2026-10-20', '2026-10-30')).toEqual<MessagingStatistics>({
      asked: 8,
      confirmations: 2,
      cancellationsByReply: 3,
      refilled: 1,
      noShowsConfirmed: { count: 1, reached: 2, rate: 0.5 },
      noShowsNotConfirmed: { count: 2, reached: 3, rate: 0.6667 },
    });
  });

  it('answers zeros and null rates when no guest chose a channel', async () => {
    await insertReservation(db(), { reservationDate: '2026-10-22', status: 'confirmed' });
    expect(await messaging('2026-10-20', '2026-10-30')).toEqual<MessagingStatistics>({
      asked: 0,
      confirmations: 0,
      cancellationsByReply: 0,
      refilled: 0,
      noShowsConfirmed: { count: 0, reached: 0, rate: null },
      noShowsNotConfirmed: { count: 0, reached: 0, rate: null },
    });
  });
});
