import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, reservationChanges, reservations } from '../../src/server/db/schema.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { insertReservation } from '../support/factories.ts';
import { startTwoServers, type TwoServers } from '../support/two-servers.ts';

// Issue 19: two staff block the same day and cancel its bookings at once, through two server processes on one
// PostgreSQL database. Every booking is cancelled once and its guest emailed once: the row locks order the two
// transactions, and the second finds each booking cancelled already. PGlite is one process by design.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const BOOKINGS = 12;
const ROUNDS = 4;

describe.skipIf(!onPostgres)('cancelling a blocked day on two server processes at once', () => {
  let two: TwoServers;
  const db = () => two.database.handle.db;
  const blockDay = async (instance: 0 | 1, date: string, reason: string) =>
    (await two.admin(instance, 'POST', `/blocked-days?cancelReason=${encodeURIComponent(reason)}`, { date })).status;

  beforeAll(async () => {
    two = await startTwoServers('cierres');
  }, 180_000);
  afterAll(() => two?.stop(), 60_000);

  it('cancels each booking once and emails each guest once', { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // A different open day each round, a week apart.
      const date = new Date(Date.parse(`${openDayNextWeek()}T12:00:00Z`) + round * 7 * 86_400_000).toISOString().slice(0, 10);
      const ids: string[] = [];
      for (let index = 0; index < BOOKINGS; index++) {
        const row = await insertReservation(db(), {
          customerName: `Cliente ${String.fromCharCode(65 + index)}`,
          customerEmail: `${randomUUID().slice(0, 8)}@example.com`,
          reservationDate: date,
          reservationTime: index % 2 ? '13:00' : '15:30',
          status: index % 3 ? 'confirmed' : 'pending',
        });
        ids.push(row.id);
      }
      const answers = await Promise.all([blockDay(0, date, 'Avería en cocina'), blockDay(1, date, 'Avería en cocina')]);
      expect(answers).toEqual([201, 201]);

      const rows = await db().select().from(reservations).where(inArray(reservations.id, ids));
      expect(rows.every((row) => row.status === 'cancelled' && row.cancellationReason === 'Avería en cocina')).toBe(true);
      const emails = await db().select().from(emailOutbox).where(inArray(emailOutbox.reservationId, ids));
      expect(emails.map((email) => email.kind)).toEqual(Array(BOOKINGS).fill('reservation_cancelled'));
      expect(new Set(emails.map((email) => email.reservationId)).size).toBe(BOOKINGS);
      const lines = await db().select().from(reservationChanges).where(inArray(reservationChanges.reservationId, ids));
      expect(lines).toHaveLength(BOOKINGS);
      expect(lines.every((line) => line.action === 'status')).toBe(true);
    }
  });
});
