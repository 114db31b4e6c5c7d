import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '@shared/staff-messages.ts';
import { emailOutbox, reservations } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { insertReservation, uniqueEmail } from '../support/factories.ts';

// Two members of staff act on the same pending request at the same moment (one confirms, the other cancels, each
// twice from double clicks). The row lock makes exactly one change win; the others get the Spanish 409, and the
// guest receives the one email that matches the final state. On PostgreSQL the requests really overlap.
const clock = new ManualClock('2026-11-24T10:00:00Z');
const ROUNDS = 8;
const { app, db } = useApiSuite({ owner: false, clock });
let first: string;
let second: string;

beforeAll(async () => {
  [first, second] = await Promise.all([app().signIn(), app().signIn()]);
});

async function pendingReservation(): Promise<string> {
  const row = await insertReservation(db(), { customerName: 'Carmen Ruiz', customerPhone: '600123456', customerEmail: uniqueEmail() });
  return row.id;
}

const changeStatus = (cookie: string, id: string, body: object) =>
  app().request({ method: 'PATCH', url: `/api/admin/reservations/${id}/status`, cookie, payload: body });

describe('two staff changing one reservation at once', () => {
  it('applies exactly one change and sends the guest exactly one matching email', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await pendingReservation();
      // Both staff saw it pending: whoever is second acted on a screen that is out of date.
      const confirm = { status: 'confirmed', from: 'pending' };
      const cancel = { status: 'cancelled', reason: 'Cocina cerrada', from: 'pending' };
      const responses = await Promise.all([
        changeStatus(first, id, confirm),
        changeStatus(second, id, cancel),
        changeStatus(second, id, confirm),
        changeStatus(first, id, cancel),
      ]);

      const won = responses.filter((response) => response.statusCode === 200);
      expect(won).toHaveLength(1);
      for (const lost of responses.filter((response) => response.statusCode !== 200)) {
        expect(lost.statusCode).toBe(409);
        expect(lost.json().error.message).toBe(staffMessages.admin.errors.transitionNotAllowed);
      }
      const finalStatus = won[0]!.json().status as string;
      const [row] = await db().select().from(reservations).where(eq(reservations.id, id));
      expect(row!.status).toBe(finalStatus);

      const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, id));
      expect(emails.map((email) => email.kind)).toEqual([
        finalStatus === 'confirmed' ? 'reservation_confirmed' : 'reservation_cancelled',
      ]);
      expect(emails[0]!.toAddress).toBe(row!.customerEmail);
    }
  });
});
