import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cardGuaranteeGuestMessages } from '@shared/guest-messages/card-guarantee.ts';
import { madridInstant } from '@shared/rules/madrid-time.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import { emailOutbox, guaranteeHolds, reservations } from '../../src/server/db/schema.ts';
import { sendDueReminders } from '../../src/server/modules/notifications/reminders.ts';
import { endOverdueHolds } from '../../src/server/modules/payments/jobs.ts';
import { paymentsContext } from '../../src/server/modules/payments/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { freshAddress, openDayNextWeek } from '../support/bookings.ts';
import { partyOfEightRequest, payOnFakeCheckout, useCardGuaranteeSuite } from '../support/card-guarantees.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { parseEmail, type ParsedEmail } from '../support/smtp-peer.ts';
import { waitFor } from '../support/wait-for.ts';
import { configure } from '../support/factories.ts';

// Issue 45: the guest's emails say a card is saved and the cancellation rule, and tell of a booking that waited for
// its card and was not made. Read as delivered, from a real SMTP server.
const WEBHOOK_SECRET = 'whsec_card_guarantee_emails';
const clock = new ManualClock(new Date());
const day = openDayNextWeek();
const { app, db, fake, peer } = useCardGuaranteeSuite({
  clock,
  webhookSecret: WEBHOOK_SECRET,
  smtp: true,
  // Free cancellation until 3 hours before: 10:30 in Madrid for a 13:30 booking (08:30 or 09:30 in UTC).
  rules: { fromPeople: 6, amountPerPersonCents: 2000, freeCancellationHours: 3 },
  settings: { maxCoversPerSlot: 10 },
});

beforeEach(async () => {
  clock.set(new Date());
  await db().update(guaranteeHolds).set({ status: 'cancelled' });
  await db().update(reservations).set({ status: 'cancelled' });
});

function book(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const body = partyOfEightRequest(day, overrides);
  const remoteAddress = freshAddress();
  return { body, response: app().request({ method: 'POST', url: '/api/public/reservations', payload: body, remoteAddress, headers }) };
}

/** The emails the SMTP server received for `to`, once there are `count`. */
async function receivedBy(to: string, count = 1): Promise<ParsedEmail[]> {
  const messages = await waitFor(() => {
    const found = peer().messages.filter((message) => message.envelopeTo.includes(to));
    return found.length >= count ? found : undefined;
  }, { what: `${count} email(s) to ${to}` });
  return messages.map((message) => parseEmail(message.raw));
}

/** A booking of 8 whose card was saved on the fake's page. */
async function bookWithCard() {
  const { body, response } = book();
  const { checkoutUrl } = (await response).json<{ checkoutUrl: string }>();
  const returnTo = await payOnFakeCheckout(checkoutUrl);
  const sessionId = new URL(returnTo).searchParams.get('session_id')!;
  const view = await app().request({ method: 'GET', url: `/api/public/card-guarantees/${body.id}?session_id=${sessionId}` });
  expect(view.json()).toMatchObject({ state: 'booked' });
  await fake().webhooksSettled();
  return body;
}

/** The newest queued email of `kind` for `reservationId`, as the guest receives it (staff changes hold theirs a while). */
async function queuedEmail(reservationId: string, kind: string) {
  const rows = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.reservationId, reservationId), eq(emailOutbox.kind, kind)));
  return deliveredEmail(db(), rows.at(-1)!, clock);
}

const POLICY =
  `Tu tarjeta (Visa ···· 4242) queda guardada como garantía; no se ha cobrado nada. Puedes cancelar gratis hasta el ${formatLongDate(day)} a las 10:30. ` +
  'Después, o si no vienes, el restaurante puede cobrar 20\u00a0€ por persona (160\u00a0€ en total).';

describe('a booking with a saved card', () => {
  it('is told in its first email, in the text and the HTML, that the card is saved and what may be charged', async () => {
    const body = await bookWithCard();
    const [welcome] = await receivedBy(body.customerEmail);
    expect(welcome!.header('subject')).toMatch(/^Solicitud de reserva recibida - pendiente de confirmación · /);
    expect(welcome!.text).toContain(`Garantía con tarjeta\n${POLICY}`);
    expect(welcome!.html).toContain('Garantía con tarjeta<br>Tu tarjeta (Visa ···· 4242) queda guardada como garantía');
    expect(welcome!.html).toContain('a las 10:30');
  });

  it('is told again when staff confirm it, and that the card is released when the restaurant cancels it', async () => {
    const body = await bookWithCard();
    const staff = await app().signIn();
    const status = (payload: Record<string, string>) =>
      app().request({ method: 'PATCH', url: `/api/admin/reservations/${body.id}/status`, cookie: staff, payload });
    expect((await status({ status: 'confirmed' })).statusCode).toBe(200);
    expect((await queuedEmail(body.id, 'reservation_confirmed')).text).toContain(POLICY);

    expect((await status({ status: 'cancelled', reason: 'Cerrado por evento' })).statusCode).toBe(200);
    const cancelled = await queuedEmail(body.id, 'reservation_cancelled');
    expect(cancelled.text).toContain('Garantía con tarjeta\nHemos liberado la tarjeta que dejaste como garantía: no se te cobrará nada.');
    expect(cancelled.text).not.toContain('queda guardada');
  });

  it('is reminded of it the day before', async () => {
    const body = await bookWithCard();
    await db().update(reservations).set({ status: 'confirmed' }).where(eq(reservations.id, body.id));
    await configure(db(), { reminder24hEnabled: true });
    const dayBefore = new Date(madridInstant(day, '13:30').getTime() - 20 * 3_600_000);
    expect(await sendDueReminders(db(), dayBefore, app().config.publicUrl)).toBeGreaterThanOrEqual(1);
    const reminder = await queuedEmail(body.id, 'reminder_24h');
    expect(reminder.text).toContain(`Garantía con tarjeta\n${POLICY}`);
  });
});

describe('a booking without a card', () => {
  it('gets no word of one', async () => {
    const { body, response } = book({ numberOfPeople: 2 });
    expect((await response).statusCode).toBe(201);
    const [welcome] = await receivedBy(body.customerEmail);
    expect(welcome!.text).toContain('Lucía Ortega');
    expect(welcome!.text).not.toContain('Garantía con tarjeta');
    expect(welcome!.text).not.toContain('tarjeta');
  });
});

describe('a booking that waited for its card and was not made', () => {
  it('is emailed once when the time to save the card ran out, in the guest’s language', async () => {
    const { body, response } = book({}, { 'accept-language': 'en' });
    expect((await response).statusCode).toBe(202);
    clock.advance(16 * 60_000);
    const deps = { db: db(), clock, publicUrl: app().config.publicUrl };
    await endOverdueHolds(deps, paymentsContext(app().config));
    await endOverdueHolds(deps, paymentsContext(app().config));
    const [expired] = await receivedBy(body.customerEmail);
    expect(expired!.header('subject')).toMatch(/^Your booking was not made · /);
    expect(expired!.text).toContain('The time to save your card is over and the table has been released. You can book again if it is still free.');
    expect(expired!.text).toContain('Book again: http://localhost:3000/?lang=en');
    expect(expired!.text).toContain('Guests: 8');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(peer().messages.filter((message) => message.envelopeTo.includes(body.customerEmail))).toHaveLength(1);
  });

  it('is not emailed when the guest gave the request up themselves', async () => {
    const { body, response } = book();
    await response;
    await app().request({ method: 'POST', url: `/api/public/card-guarantees/${body.id}/cancel` });
    const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.customerEmail));
    expect(rows).toHaveLength(0);
  });

  it('is emailed that the card was released when it was saved after the hold ended and the place was taken', async () => {
    const taken = book();
    const takenUrl = (await taken.response).json<{ checkoutUrl: string }>().checkoutUrl;
    // The hold ended on Mesa's side while the provider's page stayed open (its own expiry is later).
    await db().update(guaranteeHolds).set({ status: 'expired' }).where(eq(guaranteeHolds.id, taken.body.id));
    expect((await book({ numberOfPeople: 4 }).response).statusCode).toBe(201);
    expect((await book({ numberOfPeople: 4 }).response).statusCode).toBe(201);
    const returnTo = await payOnFakeCheckout(takenUrl);
    await fake().webhooksSettled();
    // The guest's return after the webhook finds the hold refused: no second email.
    const sessionId = new URL(returnTo).searchParams.get('session_id')!;
    const view = await app().request({ method: 'GET', url: `/api/public/card-guarantees/${taken.body.id}?session_id=${sessionId}` });
    expect(view.json()).toMatchObject({ state: 'refused' });

    const [refused] = await receivedBy(taken.body.customerEmail);
    expect(refused!.header('subject')).toMatch(/^Tu reserva no se ha hecho · /);
    expect(refused!.text).toContain(cardGuaranteeGuestMessages.refused);
    expect(refused!.html).toContain('no se te cobrará nada');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(peer().messages.filter((message) => message.envelopeTo.includes(taken.body.customerEmail))).toHaveLength(1);
  });
});
