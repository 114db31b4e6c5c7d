// Issue 50, items 3 and 4: a guest's change as the guest receives it (real SMTP), its calendar event and notes, the
// replaced booking's page, the change confirmed at once by 'Confirmación automática', and that automatic email.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { restaurantConfigDefaults } from '@shared/defaults.ts';
import { formatText } from '@shared/i18n/format-text.ts';
import { guestEmailTextsEs } from '@shared/i18n/guest-email-texts.ts';
import { selfServiceMessages } from '@shared/guest-messages/self-service.ts';
import { UNDO_EMAIL_HOLD_MS } from '@shared/limits.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { smtpTransport } from '../../src/server/platform/mailer.ts';
import { parseEmail, type ReceivedMessage, startSmtpPeer } from '../support/smtp-peer.ts';
import { freshAddress, openDayNextWeek } from '../support/bookings.ts';
import { useApiSuite, usePeer } from '../support/api-suite.ts';
import { waitFor } from '../support/wait-for.ts';
import { configure } from '../support/factories.ts';

// The delivery worker runs on the real clock: the bookings are next week, the change on the same day, later.
const DAY = openDayNextWeek();
const peer = usePeer(() => startSmtpPeer());
const { app, db, owner: cookie } = useApiSuite(() => ({ transport: smtpTransport(peer().url), outboxPollMs: 50, outboxRetryBaseMs: 20 }));

beforeEach(() => setAutoConfirm(false));

const setAutoConfirm = (on: boolean) => configure(db(), { autoConfirmationEnabled: on });
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The guest's emails as delivered, once `count` have arrived. */
async function guestMessages(address: string, count: number): Promise<ReceivedMessage[]> {
  return waitFor(() => {
    const found = peer().messages.filter((message) => message.envelopeTo.includes(address));
    return found.length >= count ? found : undefined;
    // Staff's confirmation waits out its 'Deshacer' hold (UNDO_EMAIL_HOLD_MS) before it is sent.
  }, { what: `${count} emails to ${address}`, timeoutMs: UNDO_EMAIL_HOLD_MS + 15_000 });
}
const textOf = (message: ReceivedMessage) => flat(parseEmail(message.raw).text);
const tokenOf = (message: ReceivedMessage) => /\/reserva\/([\w-]{43})/.exec(parseEmail(message.raw).text)![1]!;
/** The .ics attached to a message, unfolded; null without one. */
function calendarOf(message: ReceivedMessage): { uid: string; sequence: number; status: string } | null {
  const part = /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Z0-9+/=\r\n]+)/i.exec(message.raw)?.[1];
  if (!part) return null;
  const ics = Buffer.from(part.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n /g, '');
  const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(ics)![1]!.trim();
  return { uid: field('UID'), sequence: Number(field('SEQUENCE')), status: field('STATUS') };
}

async function book(email: string, specialRequirement = '') {
  const id = randomUUID();
  const payload = {
    id,
    customerName: 'Lucía Pérez',
    customerPhone: '600 111 222',
    customerEmail: email,
    numberOfPeople: 4,
    reservationDate: DAY,
    reservationTime: '13:30',
    specialRequirement,
    privacyConsent: true,
  };
  const response = await app().request({ method: 'POST', url: '/api/public/reservations', payload, remoteAddress: freshAddress() });
  expect(response.statusCode, response.body).toBe(201);
  return id;
}
const confirm = async (id: string) => {
  const response = await app().request({ method: 'PATCH', url: `/api/admin/reservations/${id}/status`, cookie: cookie(), payload: { status: 'confirmed' } });
  expect(response.statusCode, response.body).toBe(200);
};
const change = (token: string) =>
  app().request({
    method: 'POST',
    url: `/api/public/guest-reservations/${token}/change-request`,
    payload: { reservationDate: DAY, reservationTime: '15:00', numberOfPeople: 2 },
    remoteAddress: freshAddress(),
  });
const page = async (token: string) => {
  const response = await app().request({ method: 'GET', url: `/api/public/guest-reservations/${token}`, remoteAddress: freshAddress() });
  expect(response.statusCode).toBe(200);
  return response.json() as { reservation: { status: string; replacedByChange: boolean } };
};
const row = async (id: string) => (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;
const original = { date: formatLongDate(DAY), time: '13:30', people: 4 };

describe("a guest's change, staff confirming it", () => {
  it('names the booking it replaces, carries the guest\'s note, keeps the calendar UID with a higher SEQUENCE, and the original reads "Sustituida por tu cambio"', async () => {
    const email = `cambio-${randomUUID().slice(0, 8)}@example.com`;
    const id = await book(email, 'Sin gluten, por favor');
    await confirm(id);
    const [, confirmed] = await guestMessages(email, 2);
    const first = calendarOf(confirmed!)!;
    expect(first.uid).toBe(`${id}@localhost`);
    const token = tokenOf(confirmed!);

    const response = await change(token);
    expect(response.statusCode, response.body).toBe(201);
    const request = response.json() as { id: string; status: string };
    expect(request.status).toBe('pending');
    expect((await row(request.id)).adminNotes).toContain('[Cliente] Sin gluten, por favor');

    const [, , pendingEmail] = await guestMessages(email, 3);
    const pendingText = textOf(pendingEmail!);
    expect(pendingText).toContain(flat(formatText(guestEmailTextsEs.change.pending, original, 'es')));
    expect(pendingText).toContain('15:00');

    await confirm(request.id);
    const [, , , changeConfirmed] = await guestMessages(email, 4);
    const confirmedText = textOf(changeConfirmed!);
    expect(confirmedText).toContain(flat(formatText(guestEmailTextsEs.change.confirmed, original, 'es')));
    expect(confirmedText).toContain('15:00');
    const second = calendarOf(changeConfirmed!)!;
    expect(second.uid).toBe(first.uid);
    expect(second.sequence).toBeGreaterThan(first.sequence);
    expect(second.status).toBe('CONFIRMED');

    const view = await page(token);
    expect(view.reservation).toMatchObject({ status: 'cancelled', replacedByChange: true });
    expect(selfServiceMessages.replacedByChange).toBe('Sustituida por tu cambio');
    // The original's own calendar file, if the guest downloads it now, does not outrank the change's.
    const ics = await app().request({ method: 'GET', url: `/api/public/guest-reservations/${token}/calendar.ics`, remoteAddress: freshAddress() });
    expect(ics.body).toContain(`UID:${first.uid}`);
    expect(Number(/SEQUENCE:(\d+)/.exec(ics.body)![1])).toBeLessThan(second.sequence);
  }, 120_000);

  it("a guest's own cancellation still reads 'Cancelada por ti', not replaced", async () => {
    const email = `propia-${randomUUID().slice(0, 8)}@example.com`;
    await book(email);
    const [welcome] = await guestMessages(email, 1);
    const token = tokenOf(welcome!);
    const cancelled = await app().request({ method: 'POST', url: `/api/public/guest-reservations/${token}/cancel`, remoteAddress: freshAddress() });
    expect(cancelled.statusCode).toBe(200);
    expect((await page(token)).reservation).toMatchObject({ status: 'cancelled', replacedByChange: false });
  });
});

describe("'Confirmación automática'", () => {
  it('sends the automatic email with the spec\'s message and the cancellation policy', async () => {
    await setAutoConfirm(true);
    const email = `auto-${randomUUID().slice(0, 8)}@example.com`;
    await book(email);
    const [automatic] = await guestMessages(email, 1);
    const text = textOf(automatic!);
    expect(text).toContain(restaurantConfigDefaults.autoConfirmationMessage);
    expect(text).toContain(restaurantConfigDefaults.cancellationPolicy);
  });

  it('confirms a change that fits at once, replaces the original, and its email keeps the calendar event', async () => {
    await setAutoConfirm(true);
    const email = `auto-cambio-${randomUUID().slice(0, 8)}@example.com`;
    const id = await book(email, 'Trona para un bebé');
    const [automatic] = await guestMessages(email, 1);
    const first = calendarOf(automatic!)!;
    const token = tokenOf(automatic!);

    const response = await change(token);
    expect(response.statusCode, response.body).toBe(201);
    const request = response.json() as { id: string; status: string };
    expect(request.status).toBe('confirmed');
    expect((await row(request.id)).adminNotes).toContain('[Cliente] Trona para un bebé');
    expect(await row(id)).toMatchObject({ status: 'cancelled', cancelledBy: 'guest' });
    expect((await page(token)).reservation).toMatchObject({ status: 'cancelled', replacedByChange: true });

    const [, changed] = await guestMessages(email, 2);
    const text = textOf(changed!);
    expect(text).toContain(restaurantConfigDefaults.autoConfirmationMessage);
    expect(text).toContain(flat(formatText(guestEmailTextsEs.change.confirmed, original, 'es')));
    const second = calendarOf(changed!)!;
    expect(second.uid).toBe(first.uid);
    expect(second.sequence).toBeGreaterThan(first.sequence);
  });
});

describe('the public settings tell the footer whether bookings are confirmed at once', () => {
  it('follows the switch', async () => {
    const read = async () => (await app().request({ method: 'GET', url: '/api/public/settings' })).json() as { autoConfirmationEnabled: boolean };
    expect((await read()).autoConfirmationEnabled).toBe(false);
    await setAutoConfirm(true);
    await waitFor(async () => ((await read()).autoConfirmationEnabled ? true : undefined), { what: 'the new setting' });
  });
});
