import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { madridToday } from '../../src/shared/rules/madrid-time.ts';
import { isClientRoute } from '../../src/shared/routes.ts';
import type { AdminReservation } from '../../src/shared/schemas/staff-reservation.ts';
import type { ReservationChange } from '../../src/shared/schemas/reservation-history.ts';
import { cardGuaranteeGuestMessages } from '../../src/shared/guest-messages/card-guarantee.ts';
import { cardGuarantees, paymentCharges } from '../../src/server/db/schema.ts';
import { issueSelfServiceToken } from '../../src/server/modules/private-links/service.ts';
import { smtpTransport } from '../../src/server/platform/mailer.ts';
import { startFakeStripe } from '../fakes/stripe/fake-stripe-server.ts';
import { connectStripe, paymentIntentsOf, payOnFakeCheckout, saveCardFor, signedEvent } from '../support/card-guarantees.ts';
import { insertReservation } from '../support/factories.ts';
import { parseEmail, startSmtpPeer } from '../support/smtp-peer.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { useApiSuite, usePeer } from '../support/api-suite.ts';

// Issue 45, item 4: a no-show charge the guest's bank holds back ('authentication_required') emails the guest a link
// to a guest page; its API sends them to the provider's page, the signed webhook (or the guest's return, whichever
// comes first) settles the charge and releases the card, and the return page reads the charge's state.
const WEBHOOK_SECRET = 'whsec_no_show_approval';
const WEBHOOK_PATH = '/api/public/payments/stripe/webhook';
const fake = usePeer(() => startFakeStripe());
const peer = usePeer(() => startSmtpPeer());
const { app, db } = useApiSuite(() => ({ owner: false, transport: smtpTransport(peer().url), outboxPollMs: 50, listen: true, env: { STRIPE_API_URL: fake().url } }));
let owner: string;

beforeAll(async () => {
  fake().setWebhook(`${app().instance.url}${WEBHOOK_PATH}`, WEBHOOK_SECRET);
  owner = await app().signIn();
  await connectStripe(db(), app().config, { webhookSecret: WEBHOOK_SECRET });
}, 60_000);
beforeEach(() => peer().reset());

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app().request({ method, url: `/api/admin${url}`, cookie: owner, ...(payload ? { payload } : {}) });
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
  const card = await saveCardFor(db(), fake(), row.id, { card: 'authentication_required' });
  const response = await api('POST', `/reservations/${row.id}/no-show-charge`, { people });
  expect(response.json()).toMatchObject({ status: 'requires_authorization' });
  return { row, ...card };
}

/** The approval link of the one email the guest received: its guest page, token and language. */
async function approvalEmail(to: string) {
  const [message] = await peer().waitForMessages(1);
  expect(message!.envelopeTo).toEqual([to]);
  const email = parseEmail(message!.raw);
  const link = /\/reservar\/garantia\/cobro\/([\w-]{43})(\?lang=\w+)?/.exec(email.text);
  expect(link).not.toBeNull();
  return { email, page: link![0], token: link![1]! };
}

type Answer = { state: string; url?: string; reservationUrl?: string; amountCents?: number; error?: { message: string } };
const open = (token: string, language = 'es') =>
  app().request({ method: 'POST', url: `/api/public/no-show-charges/${token}`, headers: { 'accept-language': language } });
const openedPage = async (token: string) => {
  const response = await open(token);
  expect(response.statusCode).toBe(200);
  const answer = response.json<Answer>();
  expect(answer.state).toBe('open');
  return answer.url!;
};
const paymentState = (sessionId: string, language = 'es') =>
  app().request({ method: 'GET', url: `/api/public/no-show-charge-payments/${sessionId}`, headers: { 'accept-language': language } });
/** The session id of the return URL the fake Checkout sent the guest to, checked to carry no token. */
function returnedSession(location: string, language?: string): string {
  const url = new URL(location);
  expect(`${url.origin}${url.pathname}`).toBe(`${TEST_ORIGIN}/reservar/garantia/pago`);
  expect(url.searchParams.get('lang')).toBe(language ?? null);
  expect(location).not.toMatch(/[\w-]{43}/);
  return url.searchParams.get('session_id')!;
}

/** The last payment's two events, signed and sent to the webhook as Stripe sends them (again, or late). */
async function sendPaymentEventsAgain() {
  const sent = fake().events().filter((event) => ['payment_intent.succeeded', 'checkout.session.completed'].includes(event.type)).slice(-2);
  expect(sent.map((event) => event.type).sort()).toEqual(['checkout.session.completed', 'payment_intent.succeeded']);
  for (const event of sent) {
    const { payload, signature } = signedEvent(event, WEBHOOK_SECRET);
    const delivered = await app().request({ method: 'POST', url: WEBHOOK_PATH, payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    expect(delivered.statusCode).toBe(200);
  }
}

describe("a charge that needs the guest's bank approval", () => {
  it('emails the guest a page; paying on the provider settles the charge once, releases the card and reads as paid', { timeout: 30_000 }, async () => {
    const { row, customerRef } = await heldBackCharge(8, 3);
    expect((await todayRow(row.id))?.guarantee).toMatchObject({ state: 'saved', charge: { status: 'requires_authorization', amountCents: 6000 } });

    const { email, page, token } = await approvalEmail(row.customerEmail!);
    expect(page).toBe(`/reservar/garantia/cobro/${token}`);
    expect(email.header('subject')).toContain('Aprueba el cargo por no presentarte');
    expect(email.text).toContain('te cobramos la penalización por no presentarte: 60,00\u00a0€ por 3 personas');
    expect(email.text).toContain('Tu banco pide que apruebes este cargo');
    expect(email.html).toContain('Aprobar el pago de 60,00\u00a0€');
    // The guest page and the return are the web client's (the server answers them 200, not its not-found page).
    expect(isClientRoute(page)).toBe(true);
    expect(isClientRoute('/reservar/garantia/pago')).toBe(true);
    expect(isClientRoute('/reservar/garantia/cobro/short')).toBe(false);

    // The page's API opens one payment page for the charge, and the off-session attempt can no longer take money.
    const pageUrl = await openedPage(token);
    expect(pageUrl.startsWith(`${fake().url}/pay/`)).toBe(true);
    expect(await openedPage(token)).toBe(pageUrl);
    const [attempt] = paymentIntentsOf(fake(), customerRef);
    expect(attempt?.status).toBe('canceled');
    const checkout = await (await fetch(pageUrl)).text();
    expect(checkout).toContain('60,00\u00a0€');
    expect(checkout).toContain('Pagar (prueba)');

    // Before paying, the page's id reads as not paid.
    const sessionId = pageUrl.slice(`${fake().url}/pay/`.length);
    expect((await paymentState(sessionId)).json()).toEqual({ state: 'not_paid', amountCents: 6000 });

    const returned = await payOnFakeCheckout(pageUrl);
    expect(returnedSession(returned)).toBe(sessionId);
    await fake().webhooksSettled();
    const intents = paymentIntentsOf(fake(), customerRef);
    expect(intents.map((intent) => [intent.amount, intent.status])).toEqual([
      [6000, 'canceled'],
      [6000, 'succeeded'],
    ]);
    const [settled] = await chargesOf(row.id);
    expect(settled).toMatchObject({ status: 'succeeded', providerRef: intents[1]!.id, failureReason: null });
    expect(await cardOf(row.id)).toMatchObject({ state: 'released', releaseReason: 'charged' });
    expect((await todayRow(row.id))?.guarantee).toMatchObject({ state: 'released', charge: { status: 'succeeded', amountCents: 6000, people: 3 } });
    const changes = await changesOf(row.id);

    const state = await paymentState(sessionId);
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({ state: 'paid', amountCents: 6000 });

    // Stripe sends each event again: nothing changes twice.
    await sendPaymentEventsAgain();
    expect(await chargesOf(row.id)).toEqual([settled]);
    expect(await changesOf(row.id)).toEqual(changes);

    // Paid: the page's API now points to the guest's own page, and no second email went out.
    const after = await open(token);
    expect(after.statusCode).toBe(200);
    expect(after.json<Answer>()).toEqual({ state: 'settled', reservationUrl: `${TEST_ORIGIN}/reserva/${token}` });
    expect(peer().messages).toHaveLength(1);
  });

  it("the guest's return settles the charge when the webhook has not arrived yet; the webhook then changes nothing", { timeout: 30_000 }, async () => {
    const { row, customerRef } = await heldBackCharge(4, 2);
    const { token } = await approvalEmail(row.customerEmail!);
    const pageUrl = await openedPage(token);
    fake().setWebhook(null, null);
    let sessionId: string;
    try {
      sessionId = returnedSession(await payOnFakeCheckout(pageUrl));
      expect((await chargesOf(row.id))[0]?.status).toBe('requires_authorization');
      expect((await paymentState(sessionId)).json()).toEqual({ state: 'paid', amountCents: 4000 });
    } finally {
      fake().setWebhook(`${app().instance.url}${WEBHOOK_PATH}`, WEBHOOK_SECRET);
    }
    const paid = paymentIntentsOf(fake(), customerRef).find((intent) => intent.status === 'succeeded');
    const [settled] = await chargesOf(row.id);
    expect(settled).toMatchObject({ status: 'succeeded', providerRef: paid?.id });
    expect(await cardOf(row.id)).toMatchObject({ state: 'released', releaseReason: 'charged' });
    const changes = await changesOf(row.id);
    expect(changes.filter((change) => JSON.stringify(change).includes('40,00'))).not.toHaveLength(0);

    // The webhook's events arrive late: nothing changes twice.
    await sendPaymentEventsAgain();
    expect(await chargesOf(row.id)).toEqual([settled]);
    expect(await changesOf(row.id)).toEqual(changes);
    expect((await paymentState(sessionId)).json()).toEqual({ state: 'paid', amountCents: 4000 });
  });

  it("writes to the guest in their language, returns them in it, and a refund gives back the approval page's payment", { timeout: 30_000 }, async () => {
    const { row, customerRef } = await heldBackCharge(2, 1, 'en');
    const { email, page, token } = await approvalEmail(row.customerEmail!);
    expect(page).toBe(`/reservar/garantia/cobro/${token}?lang=en`);
    expect(email.header('subject')).toContain('Approve the no-show fee');
    expect(email.text).toContain('the restaurant charges the no-show fee: €20.00 for 1 person');

    // Leaving the page without paying returns to the same guest page, in English, with nothing to read.
    const pageUrl = await openedPage(token);
    expect(await payOnFakeCheckout(pageUrl, 'cancel')).toBe(`${TEST_ORIGIN}/reservar/garantia/pago?lang=en`);
    const reopened = await openedPage(token);
    expect(returnedSession(await payOnFakeCheckout(reopened), 'en')).toBe(reopened.slice(`${fake().url}/pay/`.length));
    await fake().webhooksSettled();
    const [settled] = await chargesOf(row.id);
    expect(settled?.status).toBe('succeeded');
    expect((await open(token)).json<Answer>().reservationUrl).toBe(`${TEST_ORIGIN}/reserva/${token}?lang=en`);
    const refund = await api('POST', `/payment-charges/${settled!.id}/refund`);
    expect(refund.json()).toMatchObject({ status: 'succeeded', refundedCents: 2000 });
    const paid = paymentIntentsOf(fake(), customerRef).find((intent) => intent.status === 'succeeded');
    expect([...fake().store.refunds.values()].filter((item) => item.payment_intent === paid?.id).map((item) => item.amount)).toEqual([2000]);
  });

  it("the link of an email sent before the guest page existed sends the browser to that page, in the guest's language", { timeout: 30_000 }, async () => {
    const { row } = await heldBackCharge(2, 2, 'en');
    const { token } = await approvalEmail(row.customerEmail!);
    const old = await app().request({ method: 'GET', url: `/api/public/no-show-charges/${token}` });
    expect(old.statusCode).toBe(303);
    expect(old.headers.location).toBe(`${TEST_ORIGIN}/reservar/garantia/cobro/${token}?lang=en`);
    const unknown = await app().request({ method: 'GET', url: `/api/public/no-show-charges/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe(`${TEST_ORIGIN}/reservar/garantia/cobro/${'x'.repeat(43)}`);
  });

  it('an unknown link or page answers 404 in the guest’s words; hostile ones a 4xx, never a 500', async () => {
    const unknown = await open('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Answer>().error?.message).toBe(cardGuaranteeGuestMessages.errors.notFound);
    expect((await open('x'.repeat(43), 'en')).json<Answer>().error?.message).toBe('This link is not valid. Check that it is complete.');
    expect((await paymentState('cs_test_unknown', 'en')).statusCode).toBe(404);
    // A setup page (a card saved, no charge) is no approval page.
    const setup = [...fake().store.sessions.values()].find((session) => session.mode === 'setup');
    expect((await paymentState(setup!.id)).statusCode).toBe(404);

    for (const token of ['short', 'x'.repeat(44), `${'x'.repeat(42)}.`, '%2e%2e%2f' + 'x'.repeat(40), encodeURIComponent("'; drop table payment_charges; --")]) {
      for (const response of [await open(token), await app().request({ method: 'GET', url: `/api/public/no-show-charges/${token}` })]) {
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }
    }
    for (const sessionId of ['cs_x.y', 'x'.repeat(256), '%2e%2e%2fv1%2fcustomers', encodeURIComponent('{CHECKOUT_SESSION_ID}')]) {
      const response = await paymentState(sessionId);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('refuses too many tries with a 429 in the guest’s words', async () => {
    let last = await open('x'.repeat(43));
    for (let tries = 0; tries < 70 && last.statusCode !== 429; tries++) last = await open('x'.repeat(43));
    expect(last.statusCode).toBe(429);
    expect(last.json<Answer>().error?.message).toBe('Demasiadas solicitudes. Inténtalo de nuevo en unos minutos.');
  });
});

describe('the provider unreachable', () => {
  let offline: TestApp;
  let token: string;
  beforeAll(async () => {
    offline = await createTestApp({ env: { STRIPE_API_URL: 'http://127.0.0.1:9' } });
    const offlineDb = offline.instance.database.db;
    await connectStripe(offlineDb, offline.config, { webhookSecret: WEBHOOK_SECRET });
    const row = await insertReservation(offlineDb, { numberOfPeople: 2, status: 'confirmed', arrivalStatus: 'no_show', language: 'en' });
    await offlineDb.insert(cardGuarantees).values({
      reservationId: row.id,
      provider: 'stripe',
      customerRef: 'cus_offline',
      paymentMethodRef: 'pm_offline',
      cardLabel: null,
      amountPerPersonCents: 2000,
      freeCancellationHours: 24,
      savedAt: new Date(),
    });
    await offlineDb.insert(paymentCharges).values({ reservationId: row.id, people: 2, amountCents: 4000, status: 'requires_authorization', providerRef: 'pi_offline' });
    token = await issueSelfServiceToken(offlineDb, row.id, new Date());
  }, 60_000);
  afterAll(() => offline?.close());

  it("answers 503 in the guest's words: try again later", { timeout: 30_000 }, async () => {
    for (const [language, message] of [
      ['es', cardGuaranteeGuestMessages.errors.approvalUnavailable],
      ['en', 'We could not open the secure payment page. Please try again in a few minutes.'],
    ] as const) {
      const opened = await offline.request({ method: 'POST', url: `/api/public/no-show-charges/${token}`, headers: { 'accept-language': language } });
      expect(opened.statusCode).toBe(503);
      expect(opened.json<Answer>().error?.message).toBe(message);
      const state = await offline.request({ method: 'GET', url: '/api/public/no-show-charge-payments/cs_test_any', headers: { 'accept-language': language } });
      expect(state.statusCode).toBe(503);
      expect(state.json<Answer>().error?.message).toBe(message);
    }
  });
});
