import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, reservations } from '../../src/server/db/schema.ts';
import { openDayNextWeek, postBooking, publicBooking } from '../support/bookings.ts';
import { startTwoServers, type TwoServers } from '../support/two-servers.ts';

// Issue 41, item 5: the same guest's request sent at once to two server processes on one PostgreSQL database
// stores one booking; the other is refused as the same stay. Only the database's locks order them.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROUNDS = 10;

describe.skipIf(!onPostgres)('the same booking sent at once to two server processes', () => {
  let two: TwoServers;
  const date = openDayNextWeek();

  beforeAll(async () => {
    two = await startTwoServers('duplicados');
  }, 180_000);
  afterAll(() => two?.stop(), 60_000);

  it('stores exactly one booking each time, and the refusal names its time', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const body = { ...publicBooking(date, round), customerPhone: `+34 611 000 ${String(100 + round)}` };
      // Two submissions of one form (two ids), as after Back: one on each process.
      const responses = await Promise.all(
        two.servers.map((server) => postBooking(server.url, { ...body, id: randomUUID() })),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses, `round ${round}`).toEqual([201, 409]);
      const refused = await responses.find((response) => response.status === 409)!.json();
      expect(refused.error).toMatchObject({ code: 'duplicate_booking', fields: { existingTime: body.reservationTime } });
      const rows = await two.database.handle.db.select().from(reservations).where(eq(reservations.customerEmail, body.customerEmail));
      expect(rows, `round ${round}`).toHaveLength(1);
      const resent = await two.database.handle.db.select().from(emailOutbox).where(eq(emailOutbox.reservationId, rows[0]!.id));
      expect(resent.filter((email) => email.kind === 'reservation_link_resent')).toHaveLength(1);
    }
  });
});
