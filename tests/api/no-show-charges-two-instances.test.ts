import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentCharges } from '../../src/server/db/schema.ts';
import { paymentIntentsOf, saveCardFor, useCardGuaranteeServers } from '../support/card-guarantees.ts';
import { insertReservation } from '../support/factories.ts';

// Issue 45: two staff press 'Cobrar no-show' at once on two server processes sharing one PostgreSQL database. The
// charge's row is committed before Stripe is called, so the partial unique index lets one press through and Stripe
// sees one PaymentIntent. PGlite is one process by design.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROUNDS = 4;

describe.skipIf(!onPostgres)("'Cobrar no-show' on two server processes at once", () => {
  const { two, db, fake } = useCardGuaranteeServers('cobros');

  it('charges once', { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const row = await insertReservation(db(), { numberOfPeople: 8, status: 'confirmed', arrivalStatus: 'no_show' });
      const { customerRef } = await saveCardFor(db(), fake(), row.id);
      const answers = await Promise.all([
        two().admin(0, 'POST', `/reservations/${row.id}/no-show-charge`, { people: 3 }),
        two().admin(1, 'POST', `/reservations/${row.id}/no-show-charge`, { people: 3 }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(paymentIntentsOf(fake(), customerRef).map((intent) => intent.amount)).toEqual([6000]);
      const charges = await db().select().from(paymentCharges).where(eq(paymentCharges.reservationId, row.id));
      expect(charges.map((charge) => charge.status)).toEqual(['succeeded']);
    }
  });
});
