import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CARD_GUARANTEE_RULES } from '@shared/schemas/card-guarantee.ts';
import type { AdminReservation } from '@shared/schemas/staff-reservation.ts';
import type { ReservationChange } from '@shared/schemas/reservation-history.ts';
import { guaranteeLinkMessages } from '@shared/staff-messages/guarantee-link.ts';
import { cardGuarantees, guaranteeHolds, reservations } from '../../src/server/db/schema.ts';
import { endLinksOfInactiveBookings } from '../../src/server/modules/payments/guarantee-link.ts';
import { paymentsContext } from '../../src/server/modules/payments/service.ts';
import { smtpTransport } from '../../src/server/platform/mailer.ts';
import { startFakeStripe } from '../fakes/stripe/fake-stripe-server.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { connectStripe, payOnFakeCheckout } from '../support/card-guarantees.ts';
import { configure, insertReservation } from '../support/factories.ts';
import { parseEmail, startSmtpPeer } from '../support/smtp-peer.ts';
import { useApiSuite, usePeer } from '../support/api-suite.ts';
import { waitFor } from '../support/wait-for.ts';

// Issue 45, item 7: staff email a guarantee link for a booking made by phone; the guest saves a card on the fake
// Stripe and it is kept for that booking, which is not placed again.
const WEBHOOK_SECRET = 'whsec_guarantee_link';
const fake = usePeer(() => startFakeStripe({ port: 0 }));
const peer = usePeer(() => startSmtpPeer());
const { app, db } = useApiSuite(() => ({ owner: false, listen: true, env: { STRIPE_API_URL: fake().url }, transport: smtpTransport(peer().url), outboxPollMs: 50 }));
let owner: string;
const day = openDayNextWeek();

beforeAll(async () => {
  fake().setWebhook(`${app().instance.url}/api/public/payments/stripe/webhook`, WEBHOOK_SECRET);
  await connectStripe(db(), app().config, { webhookSecret: WEBHOOK_SECRET });
  await configure(db(), { cardGuarantee: { ...DEFAULT_CARD_GUARANTEE_RULES, enabled: true, fromPeople: 6, amountPerPersonCents: 2000, freeCancellationHours: 24 } });
  owner = await app().signIn();
}, 60_000);
beforeEach(() => peer().reset());

let guests = 0;
/** A booking staff took by phone, a week ahead. */
const phoneBooking = (numberOfPeople = 8) =>
  insertReservation(db(), {
    numberOfPeople,
    status: 'confirmed',
    reservationDate: day,
    reservationTime: '21:00',
    customerEmail: `telefono-${++guests}@example.com`,
  });

const send = (id: string, cookie = owner) => app().request({ method: 'POST', url: `/api/admin/reservations/${id}/guarantee-link`, cookie });
const listed = async (id: string) =>
  ((await app().request({ method: 'GET', url: '/api/admin/reservations/upcoming', cookie: owner })).json() as AdminReservation[]).find((row) => row.id === id);
const linkView = (token: string) => app().request({ method: 'GET', url: `/api/public/card-guarantee-links/${token}` });
const holdsOf = (id: string) => db().select().from(guaranteeHolds).where(eq(guaranteeHolds.reservationId, id));
const cardOf = async (id: string) => (await db().select().from(cardGuarantees).where(eq(cardGuarantees.reservationId, id)))[0];

/** The token of the link in the email the guest received (the last one to their address). */
async function emailedToken(to: string): Promise<string> {
  const message = await waitFor(() => peer().messages.findLast((received) => received.envelopeTo.includes(to)), { what: `an email to ${to}` });
  const email = parseEmail(message.raw);
  expect(email.header('subject')).toContain('Garantía con tarjeta para tu reserva');
  expect(email.text).toMatch(/podremos cobrar 20\s€ por persona \(160\s€ en total\)/);
  const token = /\/reservar\/garantia\/enlace\/([\w-]{43})/.exec(email.text)?.[1];
  expect(token).toBeDefined();
  return token!;
}

async function checkoutFor(token: string): Promise<string> {
  const response = await app().request({ method: 'POST', url: `/api/public/card-guarantee-links/${token}/checkout` });
  expect(response.statusCode).toBe(200);
  return response.json<{ checkoutUrl: string }>().checkoutUrl;
}

describe("'Enviar enlace de garantía'", () => {
  it('emails a link; the card saved on its page is kept for the booking, once, and shown on the staff list', async () => {
    const row = await phoneBooking();
    const response = await send(row.id);
    expect(response.statusCode).toBe(200);
    expect((await listed(row.id))?.guarantee).toMatchObject({ state: 'link_sent', amountPerPersonCents: 2000 });
    const [hold] = await holdsOf(row.id);
    expect(hold).toMatchObject({ kind: 'reservation', status: 'opening' });
    // No usable link at rest: the hold's id is not what the email carries.
    const token = await emailedToken(row.customerEmail!);
    expect(token).not.toContain(hold!.id);

    const view = await linkView(token);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ kind: 'reservation', state: 'waiting', reservationDate: day, reservationTime: '21:00', numberOfPeople: 8 });

    const returnTo = await payOnFakeCheckout(await checkoutFor(token));
    expect(new URL(returnTo).pathname).toBe(`/reservar/garantia/${hold!.id}`);
    const sessionId = new URL(returnTo).searchParams.get('session_id')!;
    const back = await app().request({ method: 'GET', url: `/api/public/card-guarantees/${hold!.id}?session_id=${sessionId}` });
    expect(back.json()).toMatchObject({ kind: 'reservation', state: 'booked', reservationStatus: 'confirmed' });
    await fake().webhooksSettled();

    const card = await cardOf(row.id);
    expect(card).toMatchObject({ state: 'saved', cardLabel: 'Visa ···· 4242', amountPerPersonCents: 2000, freeCancellationHours: 24 });
    expect(fake().store.paymentMethod(card!.paymentMethodRef).customer).toBe(card!.customerRef);
    expect(await db().select().from(reservations).where(eq(reservations.id, row.id))).toMatchObject([{ status: 'confirmed', numberOfPeople: 8 }]);
    expect(await holdsOf(row.id)).toMatchObject([{ status: 'completed' }]);
    expect((await listed(row.id))?.guarantee).toMatchObject({ state: 'saved', cardLabel: 'Visa ···· 4242' });
    expect((await linkView(token)).json()).toMatchObject({ state: 'booked' });

    const changes = (await app().request({ method: 'GET', url: `/api/admin/reservations/${row.id}/changes`, cookie: owner })).json() as ReservationChange[];
    const lines = changes.map((change) => change.changes);
    expect(lines).toContainEqual({ guaranteeLink: [null, expect.stringContaining(`Enviado a ${row.customerEmail}`)] });
    expect(lines).toContainEqual({ cardGuarantee: [null, 'Guardada por el cliente (Visa ···· 4242)'] });

    // A card saved: nothing more to ask.
    expect((await send(row.id)).json()).toMatchObject({ error: { code: 'card_saved' } });
  });

  it('sending again replaces the link: the previous one stops serving and its Stripe page is closed', async () => {
    const row = await phoneBooking();
    await send(row.id);
    const first = await emailedToken(row.customerEmail!);
    const firstPage = await checkoutFor(first);
    peer().reset();
    expect((await send(row.id)).statusCode).toBe(200);
    const second = await emailedToken(row.customerEmail!);

    const holds = await holdsOf(row.id);
    expect(holds.map((hold) => hold.status).sort()).toEqual(['cancelled', 'opening']);
    const replaced = holds.find((hold) => hold.status === 'cancelled')!;
    expect(replaced.endReason).toBe(guaranteeLinkMessages.replaced);
    expect(fake().store.session(replaced.checkoutRef!).status).toBe('expired');
    expect(firstPage).not.toBe(await checkoutFor(second));
    // Both emails carry the guest's token of the same booking: either opens the latest link.
    expect((await linkView(first)).json()).toMatchObject({ state: 'waiting' });
  });

  it('refuses a booking the rules do not ask a card for (409), and the floor staff (403)', async () => {
    const small = await phoneBooking(2);
    const response = await send(small.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'guarantee_not_needed', message: guaranteeLinkMessages.errors.notNeeded } });
    expect(await holdsOf(small.id)).toEqual([]);

    const row = await phoneBooking();
    expect((await send(row.id, await app().signIn({ roles: ['floor'] }))).statusCode).toBe(403);
    expect(await holdsOf(row.id)).toEqual([]);
    expect((await send(row.id, await app().signIn({ roles: ['manager'] }))).statusCode).toBe(200);
  });

  it('a booking cancelled before the card is saved keeps no card: the hold is refused and Stripe forgets the card', async () => {
    const row = await phoneBooking();
    await send(row.id);
    const page = await checkoutFor(await emailedToken(row.customerEmail!));
    await db().update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, row.id));

    const returnTo = await payOnFakeCheckout(page);
    const [hold] = await holdsOf(row.id);
    const back = await app().request({ method: 'GET', url: `/api/public/card-guarantees/${hold!.id}?session_id=${new URL(returnTo).searchParams.get('session_id')}` });
    expect(back.json()).toMatchObject({ kind: 'reservation', state: 'refused' });
    await fake().webhooksSettled();

    expect(await cardOf(row.id)).toBeUndefined();
    expect(await holdsOf(row.id)).toMatchObject([{ status: 'refused', endReason: guaranteeLinkMessages.reservationGone }]);
    const session = fake().store.session(hold!.checkoutRef!);
    const setupIntent = fake().store.setupIntent(session.setup_intent as string);
    expect(fake().store.paymentMethod(setupIntent.payment_method as string).customer).toBeNull();
    expect((await send(row.id)).json()).toMatchObject({ error: { code: 'not_active' } });
  });

  it('a booking cancelled while its link waits ends the link at once: no longer listed as sent, its page closed, the guest told why', async () => {
    const row = await phoneBooking();
    await send(row.id);
    const token = await emailedToken(row.customerEmail!);
    await checkoutFor(token);
    const cancelled = await app().request({
      method: 'PATCH',
      url: `/api/admin/reservations/${row.id}/status`,
      cookie: owner,
      payload: { status: 'cancelled', reason: 'El cliente llamó' },
    });
    expect(cancelled.statusCode).toBe(200);

    // The change bus ends the link (as it releases a card): the hold, the staff list's state, the Stripe page.
    const [hold] = await waitFor(async () => {
      const holds = await holdsOf(row.id);
      return holds[0]?.status === 'cancelled' ? holds : undefined;
    }, { what: 'the link ended' });
    expect(hold).toMatchObject({ status: 'cancelled', endReason: guaranteeLinkMessages.reservationEnded });
    expect(hold!.endedAt).not.toBeNull();
    // Closed after the commit that ended the link.
    await waitFor(() => fake().store.session(hold!.checkoutRef!).status === 'expired', { what: 'the Stripe page closed' });
    const found = (await app().request({ method: 'GET', url: `/api/admin/reservations/search?q=${row.customerEmail}`, cookie: owner })).json() as AdminReservation[];
    expect(found.find((item) => item.id === row.id)).toMatchObject({ status: 'cancelled', guarantee: null });

    // The guest opening the link afterwards reads that the booking is no longer active, and is offered no page.
    expect((await linkView(token)).json()).toMatchObject({ kind: 'reservation', state: 'refused' });
    const checkout = await app().request({ method: 'POST', url: `/api/public/card-guarantee-links/${token}/checkout` });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json()).toMatchObject({ error: { code: 'reservation_inactive', message: expect.stringContaining('Tu reserva ya no está activa') } });
  });

  it('a booking no longer pending or confirmed, however it changed, reads as ended on the link at once; the minute job ends the link', async () => {
    const row = await phoneBooking();
    await send(row.id);
    const token = await emailedToken(row.customerEmail!);
    // Written behind the change bus's back: the page must not wait for the link to end to tell the guest.
    await db().update(reservations).set({ status: 'completed' }).where(eq(reservations.id, row.id));
    expect((await linkView(token)).json()).toMatchObject({ state: 'refused' });
    expect((await app().request({ method: 'POST', url: `/api/public/card-guarantee-links/${token}/checkout` })).statusCode).toBe(409);
    expect(await holdsOf(row.id)).toMatchObject([{ status: 'opening' }]);

    await endLinksOfInactiveBookings({ db: db(), clock: { now: () => new Date() }, publicUrl: app().config.publicUrl }, paymentsContext(app().config));
    expect(await holdsOf(row.id)).toMatchObject([{ status: 'cancelled', endReason: guaranteeLinkMessages.reservationEnded }]);
    // A pending or confirmed booking's waiting link is left alone.
    const other = await phoneBooking();
    await send(other.id);
    await endLinksOfInactiveBookings({ db: db(), clock: { now: () => new Date() }, publicUrl: app().config.publicUrl }, paymentsContext(app().config));
    expect(await holdsOf(other.id)).toMatchObject([{ status: 'opening' }]);
    expect((await listed(other.id))?.guarantee).toMatchObject({ state: 'link_sent' });
  });
});
