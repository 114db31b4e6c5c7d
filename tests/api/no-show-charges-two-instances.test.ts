import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCharges } from '../../src/server/db/schema.ts';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe/fake-stripe-server.ts';
import { connectStripe, paymentIntentsOf, saveCardFor } from '../support/card-guarantees.ts';
import { insertReservation } from '../support/factories.ts';
import { startTwoServers, type TwoServers } from '../support/two-servers.ts';

// Issue 45: two staff press 'Cobrar no-show' at once on two server processes sharing one PostgreSQL database. The
// charge's row is committed before Stripe is called, so the partial unique index lets one press through and Stripe
// sees one PaymentIntent. PGlite is one process by design.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SECRETS_KEY = 'charges-two-instances-secrets-key-0123456789';
const ROUNDS = 4;

describe.skipIf(!onPostgres)("'Cobrar no-show' on two server processes at once", () => {
  let fake: FakeStripe;
  let two: TwoServers;
  const db = () => two.database.handle.db;

  beforeAll(async () => {
    fake = await startFakeStripe();
    two = await startTwoServers('cobros', { STRIPE_API_URL: fake.url, SECRETS_KEY });
    await connectStripe(db(), { secretsKey: SECRETS_KEY, dataDir: '/nonexistent', stripeApiUrl: undefined });
  }, 180_000);
  afterAll(async () => {
    await two?.stop();
    await fake?.close();
  }, 60_000);

  it('charges once', { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const row = await insertReservation(db(), { numberOfPeople: 8, status: 'confirmed', arrivalStatus: 'no_show' });
      const { customerRef } = await saveCardFor(db(), fake, row.id);
      const answers = await Promise.all([
        two.admin(0, 'POST', `/reservations/${row.id}/no-show-charge`, { people: 3 }),
        two.admin(1, 'POST', `/reservations/${row.id}/no-show-charge`, { people: 3 }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(paymentIntentsOf(fake, customerRef).map((intent) => intent.amount)).toEqual([6000]);
      const charges = await db().select().from(paymentCharges).where(eq(paymentCharges.reservationId, row.id));
      expect(charges.map((charge) => charge.status)).toEqual(['succeeded']);
    }
  });
});
