import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cardGuaranteeGuestMessages } from '@shared/guest-messages/card-guarantee.ts';
import { DEFAULT_CARD_GUARANTEE_RULES } from '@shared/schemas/card-guarantee.ts';
import { cardGuarantees, guaranteeHolds, paymentEvents, paymentSettings, reservations } from '../../src/server/db/schema.ts';
import { paymentsContext } from '../../src/server/modules/payments/service.ts';
import { endOverdueHolds } from '../../src/server/modules/payments/jobs.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import type { TestApp } from '../support/test-app.ts';
import { freshAddress, openDayNextWeek } from '../support/bookings.ts';
import { connectStripe, partyOfEightRequest, payOnFakeCheckout, signedEvent, useCardGuaranteeSuite } from '../support/card-guarantees.ts';
import { configure } from '../support/factories.ts';

// Issue 45: a request the rules ask a card for waits for it as a hold, against a local fake of Stripe.
const WEBHOOK_SECRET = 'whsec_card_guarantee_holds';
// The fake checks Checkout's expiry against the real time, so this clock starts now.
const clock = new ManualClock(new Date());
const day = openDayNextWeek();
const { app, db, fake } = useCardGuaranteeSuite({
  clock,
  webhookSecret: WEBHOOK_SECRET,
  rules: { fromPeople: 6, amountPerPersonCents: 2000 },
  settings: { maxCoversPerSlot: 10 },
});

beforeEach(() => clock.set(new Date()));

function book(overrides: Record<string, unknown> = {}, target: TestApp = app()) {
  const body = partyOfEightRequest(day, overrides);
  const remoteAddress = freshAddress();
  return { body, response: target.request({ method: 'POST', url: '/api/public/reservations', payload: body, remoteAddress }) };
}

const holdRow = async (id: string) => (await db().select().from(guaranteeHolds).where(eq(guaranteeHolds.id, id)))[0];
const reservationRow = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0];
const returnView = (id: string, sessionId?: string) =>
  app().request({ method: 'GET', url: `/api/public/card-guarantees/${id}${sessionId ? `?session_id=${sessionId}` : ''}` });

async function emptySlot(time: string) {
  await db().update(guaranteeHolds).set({ status: 'cancelled' }).where(eq(guaranteeHolds.reservationTime, time));
  await db().update(reservations).set({ status: 'cancelled' }).where(eq(reservations.reservationTime, time));
}

describe('a booking that needs a card', () => {
  beforeEach(() => emptySlot('13:30'));

  it('is held, not booked, and sends the guest to the provider’s page', async () => {
    const { body, response } = book();
    const answer = await response;
    expect(answer.statusCode).toBe(202);
    const held = answer.json<{ id: string; status: string; checkoutUrl: string; holdUntil: string }>();
    expect(held).toMatchObject({ id: body.id, status: 'awaiting_guarantee' });
    expect(held.checkoutUrl).toMatch(new RegExp(`^${fake().url}/pay/cs_test_`));
    expect(new Date(held.holdUntil).getTime() - clock.now().getTime()).toBe(15 * 60_000);
    expect(await reservationRow(body.id)).toBeUndefined();
    expect(await holdRow(body.id)).toMatchObject({ status: 'open', numberOfPeople: 8, amountPerPersonCents: 2000 });

    // The hold takes its place: 8 of the slot's 10 covers are gone.
    const other = await book({ numberOfPeople: 4 }).response;
    expect(other.statusCode).toBe(409);
  });

  it('does not ask smaller parties', async () => {
    const { response } = book({ numberOfPeople: 2 });
    expect((await response).statusCode).toBe(201);
  });

  it('resumes the same hold when the same browser sends the request again', async () => {
    const first = book();
    const firstUrl = (await first.response).json<{ checkoutUrl: string }>().checkoutUrl;
    const again = await app().request({ method: 'POST', url: '/api/public/reservations', payload: first.body, remoteAddress: '10.9.200.1' });
    expect(again.statusCode).toBe(202);
    expect(again.json<{ checkoutUrl: string }>().checkoutUrl).toBe(firstUrl);
    expect((await db().select().from(guaranteeHolds).where(eq(guaranteeHolds.id, first.body.id))).length).toBe(1);
  });

  it('books the request under its own id once the card is saved, once, whether the return or the webhook comes first', async () => {
    const { body, response } = book({ specialRequirement: 'Mesa junto a la ventana' });
    const { checkoutUrl } = (await response).json<{ checkoutUrl: string }>();
    const returnTo = await payOnFakeCheckout(checkoutUrl);
    const sessionId = new URL(returnTo).searchParams.get('session_id')!;
    expect(new URL(returnTo).pathname).toBe(`/reservar/garantia/${body.id}`);

    const view = await returnView(body.id, sessionId);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ state: 'booked', reservationStatus: 'pending', numberOfPeople: 8 });
    await fake().webhooksSettled();

    expect(await reservationRow(body.id)).toMatchObject({ status: 'pending', numberOfPeople: 8, adminNotes: '[Cliente] Mesa junto a la ventana' });
    const [card] = await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, body.id));
    expect(card).toMatchObject({ state: 'saved', cardLabel: 'Visa ···· 4242', amountPerPersonCents: 2000 });
    expect(fake().store.paymentMethod(card!.paymentMethodRef).customer).toBe(card!.customerRef);
    const completed = fake().events().find((event) => event.type === 'checkout.session.completed' && event.data.object.id === sessionId)!;
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, completed.id))).toHaveLength(1);
    expect(await holdRow(body.id)).toMatchObject({ status: 'completed', reservationId: body.id, request: null });

    // The same event again (Stripe retries): nothing changes.
    const { payload, signature } = signedEvent(completed, WEBHOOK_SECRET);
    const replay = await app().request({
      method: 'POST',
      url: '/api/public/payments/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(replay.statusCode).toBe(200);
    expect(await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, body.id))).toHaveLength(1);
  });

  it('refuses an event whose signature is not Stripe’s, changing nothing', async () => {
    const { body, response } = book();
    await response;
    const forged = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: { id: 'cs_test_x' } } });
    const answer = await app().request({
      method: 'POST',
      url: '/api/public/payments/stripe/webhook',
      payload: forged,
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
    });
    expect(answer.statusCode).toBe(400);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_forged'))).toHaveLength(0);
    expect(await holdRow(body.id)).toMatchObject({ status: 'open' });
  });

  it('gives the place back when the time runs out, and closes the provider’s page', async () => {
    const { body, response } = book();
    await response;
    const { checkoutRef } = (await holdRow(body.id))!;
    clock.advance(16 * 60_000);
    await endOverdueHolds({ db: db(), clock, publicUrl: app().config.publicUrl }, paymentsContext(app().config));
    expect(await holdRow(body.id)).toMatchObject({ status: 'expired' });
    expect(fake().store.session(checkoutRef!).status).toBe('expired');
    expect((await book({ numberOfPeople: 4 }).response).statusCode).toBe(201);
    expect((await returnView(body.id)).json()).toMatchObject({ state: 'expired' });
  });

  it('lets the guest give the request up before saving a card', async () => {
    const { body, response } = book();
    await response;
    const cancelled = await app().request({ method: 'POST', url: `/api/public/card-guarantees/${body.id}/cancel` });
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    expect(fake().store.session((await holdRow(body.id))!.checkoutRef!).status).toBe('expired');
  });

  it('books a card saved after the hold ended if the place is still free, and releases it otherwise', async () => {
    const late = book();
    const lateUrl = (await late.response).json<{ checkoutUrl: string }>().checkoutUrl;
    // The hold ended on Mesa's side while the provider's page stayed open (its own expiry is later).
    await db().update(guaranteeHolds).set({ status: 'expired' }).where(eq(guaranteeHolds.id, late.body.id));
    await payOnFakeCheckout(lateUrl);
    await fake().webhooksSettled();
    expect(await reservationRow(late.body.id)).toMatchObject({ numberOfPeople: 8 });

    await emptySlot('13:30');
    const taken = book();
    const takenUrl = (await taken.response).json<{ checkoutUrl: string }>().checkoutUrl;
    await db().update(guaranteeHolds).set({ status: 'expired' }).where(eq(guaranteeHolds.id, taken.body.id));
    expect((await book({ numberOfPeople: 4 }).response).statusCode).toBe(201);
    expect((await book({ numberOfPeople: 4 }).response).statusCode).toBe(201);
    await payOnFakeCheckout(takenUrl);
    await fake().webhooksSettled();
    expect(await reservationRow(taken.body.id)).toBeUndefined();
    const refused = (await holdRow(taken.body.id))!;
    expect(refused.status).toBe('refused');
    const session = fake().store.session(refused.checkoutRef!);
    const method = fake().store.setupIntent(String(session.setup_intent)).payment_method;
    expect(fake().store.paymentMethod(String(method)).customer).toBeNull();
  });
});

describe('Stripe unreachable', () => {
  // An app of its own, whose Stripe answers nowhere.
  const offline = useApiSuite({
    clock,
    owner: false,
    env: { STRIPE_API_URL: 'http://127.0.0.1:9' },
    async afterStart(started) {
      await connectStripe(started.instance.database.db, started.config, { webhookSecret: WEBHOOK_SECRET });
      await configure(started.instance.database.db, { cardGuarantee: { ...DEFAULT_CARD_GUARANTEE_RULES, enabled: true, fromPeople: 6 } });
    },
  });

  it('tells the guest in their language and leaves nothing half-made', async () => {
    const { body, response } = book({}, offline.app());
    const answer = await response;
    expect(answer.statusCode).toBe(503);
    expect(answer.json<{ error: { message: string } }>().error.message).toBe(cardGuaranteeGuestMessages.errors.unavailable);
    const offlineDb = offline.db();
    expect(await offlineDb.select().from(reservations).where(eq(reservations.id, body.id))).toHaveLength(0);
    expect((await offlineDb.select().from(guaranteeHolds).where(eq(guaranteeHolds.id, body.id)))[0]).toMatchObject({ status: 'failed' });
    const english = await offline.app().request({
      method: 'POST',
      url: '/api/public/reservations',
      payload: { ...body, id: randomUUID() },
      headers: { 'accept-language': 'en' },
      remoteAddress: '10.9.250.2',
    });
    expect(english.json<{ error: { message: string } }>().error.message).toBe('We could not open the secure payment page. No booking was made: please try again in a few minutes.');
  });

  it('does not ask for a card while Stripe is not connected', async () => {
    await offline.db().delete(paymentSettings);
    const { response } = book({}, offline.app());
    expect((await response).statusCode).toBe(201);
  });
});
