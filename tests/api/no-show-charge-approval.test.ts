import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { madridToday } from '../../src/shared/rules/madrid-time.ts';
import type { AdminReservation, ReservationChange } from '../../src/shared/schemas/reservation.ts';
import { cardGuarantees, paymentCharges } from '../../src/server/db/schema.ts';
import { smtpTransport } from '../../src/server/platform/mailer.ts';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe/fake-stripe-server.ts';
import { connectStripe, paymentIntentsOf, payOnFakeCheckout, saveCardFor, signedEvent } from '../support/card-guarantees.ts';
import { insertReservation } from '../support/factories.ts';
import { parseEmail, type SmtpPeer, startSmtpPeer } from '../support/smtp-peer.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 45, item 4: a no-show charge the guest's bank holds back ('authentication_required') emails the guest a link;
// they pay on the provider's page, and the signed webhook settles the charge and releases the card.
const WEBHOOK_SECRET = 'whsec_no_show_approval';
const WEBHOOK_PATH = '/api/public/payments/stripe/webhook';
let fake: FakeStripe;
let peer: SmtpPeer;
let app: TestApp;
let owner: string;
const db = () => app.instance.database.db;

beforeAll(async () => {
  fake = await startFakeStripe();
  peer = await startSmtpPeer();
  app = await createTestApp({ transport: smtpTransport(peer.url), outboxPollMs: 50, listen: true, env: { STRIPE_API_URL: fake.url } });
  fake.setWebhook(`${app.instance.url}${WEBHOOK_PATH}`, WEBHOOK_SECRET);
  owner = await app.signIn();
  await connectStripe(db(), app.config, { webhookSecret: WEBHOOK_SECRET });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await peer?.close();
  await fake?.close();
});
beforeEach(() => peer.reset());

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.request({ method, url: `/api/admin${url}`, cookie: owner, ...(payload ? { payload } : {}) });
const chargesOf = (reservationId: string) => db().select().from(paymentCharges).where(eq(paymentCharges.reservationId, reservationId));
const cardOf = async (reservationId: string) => (await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, reservationId)))[0];
const todayRow = async (id: string) => ((await api('GET', '/reservations/today')).json() as AdminReservation[]).find((row) => row.id === id);
const changesOf = async (id: string) => (await api('GET', `/reservations/${id}/changes`)).json() as ReservationChange[];

let suffix = 0;

/** A party of `party` today, 'No vino', whose card's bank asks the cardholder for every off-session charge. */
async function heldBackCharge(party: number, people: number, language: 'es' | 'en' = 'es') {
  const row = await insertReservation(db(), {
    numberOfPeople: party,
    status: 'confirmed',
    arrivalStatus: 'no_show',
    reservationDate: madridToday(new Date()),
    reservationTime: '21:00',
    customerName: 'Ana Pérez',
    customerEmail: `ana-${suffix++}@example.com`,
    language,
  });
  const card = await saveCardFor(db(), fake, row.id, { card: 'authentication_required' });
  const response = await api('POST', `/reservations/${row.id}/no-show-charge`, { people });
  expect(response.json()).toMatchObject({ status: 'requires_authorization' });
  return { row, ...card };
}

/** The approval link of the one email the guest received, as a path on Mesa. */
async function approvalEmail(to: string) {
  const [message] = await peer.waitForMessages(1);
  expect(message!.envelopeTo).toEqual([to]);
  const email = parseEmail(message!.raw);
  const path = /\/api\/public\/no-show-charges\/[\w-]{43}/.exec(email.text)?.[0];
  expect(path).toBeDefined();
  return { email, path: path! };
}

const follow = (path: string) => app.request({ method: 'GET', url: path });

describe("a charge that needs the guest's bank approval", () => {
  it('emails the guest a link; paying on the provider settles the charge once and releases the card', { timeout: 30_000 }, async () => {
    const { row, customerRef } = await heldBackCharge(8, 3);
    expect((await todayRow(row.id))?.guarantee).toMatchObject({ state: 'saved', charge: { status: 'requires_authorization', amountCents: 6000 } });

    const { email, path } = await approvalEmail(row.customerEmail!);
    expect(email.header('subject')).toContain('Aprueba el cargo por no presentarte');
    expect(email.text).toContain('te cobra la penalización por no presentarte: 60,00\u00a0€ por 3 personas');
    expect(email.text).toContain('Tu banco pide que apruebes este cargo');
    expect(email.html).toContain('Aprobar el pago de 60,00\u00a0€');

    // The link opens one payment page for the charge, and the off-session attempt can no longer take money.
    const opened = await follow(path);
    expect(opened.statusCode).toBe(303);
    const pageUrl = opened.headers.location as string;
    expect(pageUrl.startsWith(`${fake.url}/pay/`)).toBe(true);
    expect((await follow(path)).headers.location).toBe(pageUrl);
    const [attempt] = paymentIntentsOf(fake, customerRef);
    expect(attempt?.status).toBe('canceled');
    const page = await (await fetch(pageUrl)).text();
    expect(page).toContain('60,00\u00a0€');
    expect(page).toContain('Pagar (prueba)');
    expect(page).toContain('Cancelar');

    await payOnFakeCheckout(pageUrl);
    await fake.webhooksSettled();
    const intents = paymentIntentsOf(fake, customerRef);
    expect(intents.map((intent) => [intent.amount, intent.status])).toEqual([
      [6000, 'canceled'],
      [6000, 'succeeded'],
    ]);
    const [settled] = await chargesOf(row.id);
    expect(settled).toMatchObject({ status: 'succeeded', providerRef: intents[1]!.id, failureReason: null });
    expect(await cardOf(row.id)).toMatchObject({ state: 'released', releaseReason: 'charged' });
    expect((await todayRow(row.id))?.guarantee).toMatchObject({ state: 'released', charge: { status: 'succeeded', amountCents: 6000, people: 3 } });
    const changes = await changesOf(row.id);

    // Stripe sends each event again: nothing changes twice.
    const sent = fake.events().filter((event) => ['payment_intent.succeeded', 'checkout.session.completed'].includes(event.type)).slice(-2);
    expect(sent.map((event) => event.type).sort()).toEqual(['checkout.session.completed', 'payment_intent.succeeded']);
    for (const event of sent) {
      const { payload, signature } = signedEvent(event, WEBHOOK_SECRET);
      const replay = await app.request({ method: 'POST', url: WEBHOOK_PATH, payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
      expect(replay.statusCode).toBe(200);
    }
    expect(await chargesOf(row.id)).toEqual([settled]);
    expect(await changesOf(row.id)).toEqual(changes);

    // Paid: the link now opens the guest's own page, and no second email went out.
    const after = await follow(path);
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toMatch(/\/reserva\/[\w-]{43}$/);
    expect(peer.messages).toHaveLength(1);
  });

  it("writes to the guest in their language, and a refund gives back the approval page's payment", { timeout: 30_000 }, async () => {
    const { row, customerRef } = await heldBackCharge(2, 1, 'en');
    const { email, path } = await approvalEmail(row.customerEmail!);
    expect(email.header('subject')).toContain('Approve the no-show fee');
    expect(email.text).toContain('the restaurant charges the no-show fee: €20.00 for 1 person');

    await payOnFakeCheckout((await follow(path)).headers.location as string);
    await fake.webhooksSettled();
    const [settled] = await chargesOf(row.id);
    expect(settled?.status).toBe('succeeded');
    const refund = await api('POST', `/payment-charges/${settled!.id}/refund`);
    expect(refund.json()).toMatchObject({ status: 'succeeded', refundedCents: 2000 });
    const paid = paymentIntentsOf(fake, customerRef).find((intent) => intent.status === 'succeeded');
    expect([...fake.store.refunds.values()].filter((item) => item.payment_intent === paid?.id).map((item) => item.amount)).toEqual([2000]);
  });

  it('an unknown link answers 404 in the guest’s words', async () => {
    const response = await follow(`/api/public/no-show-charges/${'x'.repeat(43)}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { message: 'Este enlace no es válido. Revisa que esté completo.' } });
  });
});
