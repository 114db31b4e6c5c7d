import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedbackMessages } from '@shared/guest-messages/feedback.ts';
import { guestTextTranslations } from '@shared/i18n/translations/index.ts';
import { formatMessage } from '@shared/messages.ts';
import { feedbackStaffMessages } from '@shared/staff-messages/feedback.ts';
import { emailOutbox, restaurantConfig } from '../../src/server/db/schema.ts';
import { hashPassword } from '../../src/server/modules/auth/passwords.ts';
import { sendDueFeedbackRequests } from '../../src/server/modules/feedback/service.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { insertGuest, insertReservation, insertStaff, uniqueEmail } from '../support/factories.ts';
import { ADMIN_PASSWORD, toast, useBrowserSuite } from '../support/admin-browser.ts';

// Issue 47, item 5. Wednesday 25 November 2026, 17:00 in Madrid: yesterday's 21:00 dinners are asked about now.
const NOW = new Date('2026-11-25T16:00:00Z');
const suite = useBrowserSuite({ now: NOW });
const db = () => suite.db();
const text = feedbackMessages;
const PHONE = { width: 360, height: 740 };

/** Four random letters: customer names may not hold digits. */
const letters = () => Array.from(randomUUID().slice(0, 4), (c) => String.fromCharCode(97 + (c.charCodeAt(0) % 26))).join('');

/** A guest who came last night, asked for a rating now: the path of the link in the request's email. */
async function askedGuest(name: string, language: 'es' | 'en' = 'es') {
  const email = uniqueEmail('valora');
  const guest = await insertGuest(db(), { email });
  const booking = await insertReservation(db(), {
    customerName: name,
    customerEmail: email,
    guestId: guest.id,
    reservationDate: '2026-11-24',
    reservationTime: '21:00',
    status: 'confirmed',
    arrivalStatus: 'arrived',
    language,
  });
  await sendDueFeedbackRequests({ db: db(), clock: suite.clock!, publicUrl: suite.app.config.publicUrl }, NOW);
  const [request] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.reservationId, booking.id), eq(emailOutbox.kind, 'feedback_request')));
  const delivered = await deliveredEmail(db(), request!, suite.clock);
  return delivered.text.match(/http:\/\/localhost:3000(\/valorar\/[\w-]{43}(?:\?lang=\w\w)?)/)![1]!;
}

async function openAsGuest(path: string) {
  const context = await suite.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = suite.watch(await context.newPage());
  expect((await page.goto(suite.url(path)))?.status()).toBe(200);
  await page.getByRole('heading', { name: text.title, level: 1 }).waitFor();
  return page;
}

describe('the rating after a visit', () => {
  it('a 2-star rating with a comment reaches the encargado’s open screen at once; the link then works no more', async () => {
    const manager = uniqueEmail('encargado');
    await insertStaff(db(), { email: manager, passwordHash: await hashPassword(ADMIN_PASSWORD), roles: ['manager'] });
    const staff = await suite.openAdmin('/admin', { email: manager });

    const name = `Rosa Fria ${letters()}`;
    const path = await askedGuest(name);
    const guest = await openAsGuest(path);
    expect(await new AxeBuilder({ page: guest }).analyze().then((result) => result.violations.map((each) => each.id))).toEqual([]);
    // On a 360 px phone nothing scrolls sideways, and each star is a 44 px target.
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const star = await guest.getByRole('radio', { name: text.ratingOptions[0] }).boundingBox();
    expect(Math.min(star!.width, star!.height)).toBeGreaterThanOrEqual(44);
    // Sent without a rating: the guest is told to choose one.
    await guest.getByRole('button', { name: text.send }).click();
    await guest.getByRole('alert').filter({ hasText: text.errors.rating }).waitFor();
    await guest.getByRole('radio', { name: text.ratingOptions[1] }).check();
    await guest.getByLabel(text.commentLabel).fill('La sopa llegó fría y nadie vino a la mesa en veinte minutos.');
    await guest.getByRole('button', { name: text.send }).click();
    await guest.getByRole('heading', { name: text.thanksTitle }).waitFor();
    await guest.getByText(text.thanksLow).waitFor();

    const alert = toast(staff, formatMessage(feedbackStaffMessages.alert.title, { rating: 2, name }));
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('La sopa llegó fría');

    await guest.reload();
    await guest.getByText(text.errors.linkUsed).waitFor();
  });

  it('a 5-star rating shows the Google review link, in the guest’s language', async () => {
    const reviews = 'https://g.page/r/CUMesaResenas/review';
    await db().update(restaurantConfig).set({ googleReviewUrl: reviews }).where(eq(restaurantConfig.id, 1));
    const english = guestTextTranslations.en.feedback;
    const path = await askedGuest(`Ana Feliz ${letters()}`, 'en');
    const context = await suite.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = suite.watch(await context.newPage());
    await page.goto(suite.url(path));
    await page.getByRole('heading', { name: english.title, level: 1 }).waitFor();
    await page.getByRole('radio', { name: english.ratingOptions[4] }).check();
    await page.getByRole('button', { name: english.send }).click();
    await page.getByText(english.thanksHigh).waitFor();
    const link = page.getByRole('link', { name: english.reviewLink });
    await expect(link.getAttribute('href')).resolves.toBe(reviews);
    await expect(link.getAttribute('rel')).resolves.toContain('noopener');
  });
});
