import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { feedbackMessages } from '@shared/guest-messages/feedback.ts';
import { guestTextTranslations } from '@shared/i18n/translations/index.ts';
import { FEEDBACK_COMMENT_MAX } from '@shared/limits.ts';
import { feedbackStaffMessages } from '@shared/staff-messages/feedback.ts';
import { emailOutbox, feedbackRequests, restaurantConfig, users } from '../../src/server/db/schema.ts';
import { sendDueFeedbackRequests } from '../../src/server/modules/feedback/service.ts';
import { hashSelfServiceToken } from '../../src/server/modules/private-links/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { everyTableAsText } from '../support/database-text.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { configure, insertGuest, insertReservation, insertStaff, uniqueEmail } from '../support/factories.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { freshAddress } from '../support/bookings.ts';

// Issue 47, item 5. Visits on Tuesday 24 November 2026 at 21:00 in Madrid (20:00 UTC); asked 20 hours later.
const VISIT = { reservationDate: '2026-11-24', reservationTime: '21:00' };
const DUE = new Date('2026-11-25T16:00:00Z');
const clock = new ManualClock('2026-11-25T10:00:00Z');
const { app, db, owner } = useApiSuite({ ownerEmail: 'duena@example.com', clock });
const deps = () => ({ db: db(), clock, publicUrl: app().config.publicUrl });
const e = feedbackMessages.errors;

const call = (method: 'GET' | 'POST', token: string, payload?: unknown, language = 'es') =>
  app().request({
    method,
    url: `/api/public/feedback/${token}`,
    remoteAddress: freshAddress(),
    headers: { 'accept-language': language },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  await insertStaff(db(), { email: 'encargado@example.com', roles: ['manager'] });
  await insertStaff(db(), { email: 'sala@example.com', roles: ['floor'] });
  const gone = await insertStaff(db(), { email: 'antiguo@example.com', roles: ['manager'] });
  await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
});

/** A guest who came (Llegó), with an email, in `language`. */
async function visit(values: { language?: 'es' | 'en'; arrived?: boolean; date?: string } = {}) {
  const email = uniqueEmail('valora');
  const guest = await insertGuest(db(), { email });
  return insertReservation(db(), {
    ...VISIT,
    ...(values.date ? { reservationDate: values.date } : {}),
    customerName: 'Marta Valora',
    customerEmail: email,
    guestId: guest.id,
    status: 'confirmed',
    arrivalStatus: values.arrived === false ? 'pending' : 'arrived',
    language: values.language ?? 'es',
  });
}

const requestEmail = async (reservationId: string) =>
  (await db().select().from(emailOutbox).where(and(eq(emailOutbox.reservationId, reservationId), eq(emailOutbox.kind, 'feedback_request'))))[0];

/** The request's link as the guest's email delivers it. */
async function linkOf(reservationId: string) {
  const email = await requestEmail(reservationId);
  const delivered = await deliveredEmail(db(), email!, clock);
  return { email: email!, delivered, token: delivered.text.match(/\/valorar\/([\w-]{43})/)![1]! };
}

describe('the request after a visit', () => {
  it('goes once, by email, when the delay has passed, only for a visit, with a link stored hashed', async () => {
    const came = await visit();
    const noShow = await insertReservation(db(), { ...VISIT, customerEmail: uniqueEmail(), status: 'confirmed', arrivalStatus: 'no_show' });
    const cancelled = await insertReservation(db(), { ...VISIT, customerEmail: uniqueEmail(), status: 'cancelled' });
    expect(await sendDueFeedbackRequests(deps(), new Date(DUE.getTime() - 60_000))).toBe(0);
    expect(await sendDueFeedbackRequests(deps(), DUE)).toBeGreaterThanOrEqual(1);
    expect(await sendDueFeedbackRequests(deps(), new Date(DUE.getTime() + 60_000))).toBe(0);
    for (const other of [noShow, cancelled]) expect(await requestEmail(other.id)).toBeUndefined();

    const { email, delivered, token } = await linkOf(came.id);
    expect(email.toAddress).toBe(came.customerEmail);
    const [config] = await db().select().from(restaurantConfig);
    expect(email.subject).toBe(`¿Qué tal tu visita a ${config!.name}?`);
    expect(delivered.text).toContain('Valorar mi visita');
    const [request] = await db().select().from(feedbackRequests).where(eq(feedbackRequests.reservationId, came.id));
    expect(request).toMatchObject({ channel: 'email', tokenHash: hashSelfServiceToken(token), rating: null });
    expect(request!.expiresAt.getTime() - request!.requestedAt.getTime()).toBe(14 * 86_400_000);
    expect(await everyTableAsText(db())).not.toContain(token);
  });

  it('asks in the guest’s language, and not at all while switched off', async () => {
    await configure(db(), { feedbackEnabled: false });
    const english = await visit({ language: 'en', date: '2026-11-23' });
    expect(await sendDueFeedbackRequests(deps(), new Date('2026-11-24T16:00:00Z'))).toBe(0);
    await configure(db(), { feedbackEnabled: true });
    await sendDueFeedbackRequests(deps(), new Date('2026-11-24T16:00:00Z'));
    const { email, delivered } = await linkOf(english.id);
    expect(email.subject).toContain('How was your visit');
    expect(delivered.text).toMatch(/\/valorar\/[\w-]{43}\?lang=en/);
  });
});

describe('the rating page', () => {
  it('shows the visit, refuses bad input in the guest’s language, takes one answer, and alerts the owner and encargados of a 2', async () => {
    const came = await visit();
    await sendDueFeedbackRequests(deps(), DUE);
    const { token } = await linkOf(came.id);
    const page = await call('GET', token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ customerName: 'Marta Valora', reservationDate: '2026-11-24', reservationTime: '21:00', language: 'es' });

    for (const [payload, field, message] of [
      [{ rating: 6 }, 'rating', e.rating],
      [{ rating: 0 }, 'rating', e.rating],
      [{ rating: 2.5 }, 'rating', e.rating],
      [{ rating: '5' }, 'rating', e.rating],
      [{}, 'rating', e.rating],
      [{ rating: 4, comment: 'x'.repeat(FEEDBACK_COMMENT_MAX + 1) }, 'comment', e.commentTooLong.replace('{max}', String(FEEDBACK_COMMENT_MAX))],
    ] as const) {
      const refused = await call('POST', token, payload);
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(refused.json().error.fields[field]).toBe(message);
    }
    const english = await call('POST', token, { rating: 9 }, 'en');
    expect(english.json().error.fields.rating).toBe(guestTextTranslations.en.feedback.errors.rating);
    expect((await call('POST', token, { rating: 3, extra: true })).statusCode).toBe(400);
    expect((await call('POST', token, { rating: 3, comment: 'nul\u0000' })).statusCode).toBe(400);

    const answered = await call('POST', token, { rating: 2, comment: '  La sopa llegó fría.  ' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ rating: 2, googleReviewUrl: null });
    const [stored] = await db().select().from(feedbackRequests).where(eq(feedbackRequests.reservationId, came.id));
    expect(stored).toMatchObject({ rating: 2, comment: 'La sopa llegó fría.' });

    const alerts = await db().select().from(emailOutbox).where(and(eq(emailOutbox.reservationId, came.id), eq(emailOutbox.kind, 'staff_low_rating')));
    expect(alerts.map((alert) => alert.toAddress).sort()).toEqual(['duena@example.com', 'encargado@example.com']);
    expect(alerts[0]!.subject).toBe('Valoración de 2/5: Marta Valora');
    expect(alerts[0]!.textBody).toContain('«La sopa llegó fría.»');

    // Single use: the same link, again.
    const again = await call('POST', token, { rating: 5 });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toMatchObject({ code: 'link_used', message: e.linkUsed });
    expect((await call('GET', token)).json().error.code).toBe('link_used');
  });

  it('offers the Google review page after any rating, and alerts nobody of a 5', async () => {
    const reviews = 'https://g.page/r/CUMesaResenas/review';
    const saved = await app().request({ method: 'PATCH', url: '/api/admin/settings', cookie: owner(), payload: { googleReviewUrl: reviews } });
    expect(saved.statusCode).toBe(200);
    const came = await visit({ date: '2026-11-22' });
    await sendDueFeedbackRequests(deps(), new Date('2026-11-23T16:00:00Z'));
    const { token } = await linkOf(came.id);
    const answered = await call('POST', token, { rating: 5 });
    expect(answered.json()).toEqual({ rating: 5, googleReviewUrl: reviews });
    expect(await db().select().from(emailOutbox).where(and(eq(emailOutbox.reservationId, came.id), eq(emailOutbox.kind, 'staff_low_rating')))).toEqual([]);
  });

  it('expires after 14 days, and says so for an unknown or malformed link', async () => {
    const came = await visit({ date: '2026-11-21' });
    await sendDueFeedbackRequests(deps(), new Date('2026-11-22T16:00:00Z'));
    const { token } = await linkOf(came.id);
    clock.set('2026-12-06T16:00:01Z');
    const expired = await call('GET', token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toBe(e.linkExpired.replace('{days}', '14'));
    expect((await call('POST', token, { rating: 4 })).statusCode).toBe(410);
    clock.set('2026-11-25T10:00:00Z');
    const unknown = await call('GET', 'A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(e.linkNotFound);
    expect((await call('GET', 'corto')).statusCode).toBe(404);
  });
});

describe('the settings', () => {
  it('refuses a delay outside 1-72 hours and a review link that is not https', async () => {
    const v = feedbackStaffMessages.validation;
    for (const [payload, message] of [
      [{ feedbackDelayHours: 0 }, v.delay],
      [{ feedbackDelayHours: 73 }, v.delay],
      [{ googleReviewUrl: 'http://g.page/r/x' }, v.googleReviewUrl],
      [{ googleReviewUrl: 'javascript:alert(1)' }, v.googleReviewUrl],
      [{ googleReviewUrl: `https://g.page/${'x'.repeat(500)}` }, v.googleReviewUrl],
    ] as const) {
      const refused = await app().request({ method: 'PATCH', url: '/api/admin/settings', cookie: owner(), payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    const cleared = await app().request({ method: 'PATCH', url: '/api/admin/settings', cookie: owner(), payload: { googleReviewUrl: '', feedbackDelayHours: 24 } });
    expect(cleared.json()).toMatchObject({ googleReviewUrl: null, feedbackDelayHours: 24 });
  });
});
