import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { BOOKING_PROOF_HEADER } from '@shared/rules/bot-check.ts';
import { reservations } from '../../src/server/db/schema.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';
import { openGuestForm, pickDate } from '../support/guest-form.ts';

// Issue 25, item 6 (decision 027): past five requests from one address, the booking form solves the server's proof
// of work by itself. The server's "now" is frozen at Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = new Date('2026-11-24T10:00:00Z');
const WEDNESDAY = '2026-11-25';
const form = messages.reservation.form;

const suite = useBrowserSuite({ now: NOW });

/** A request the page made: method, path, whether it carried a proof, and the answer's status. */
interface Seen {
  what: string;
  status: number;
}

describe('the booking form past five requests from one address', () => {
  it('books the sixth after an invisible proof of work, solved in a worker loaded only then', async () => {
    // Five bookings from the browser's own address (the test server listens on 127.0.0.1), as a busy connection.
    for (let i = 0; i < 5; i++) {
      const earlier = await suite.app.request({
        method: 'POST',
        url: '/api/public/reservations',
        remoteAddress: '127.0.0.1',
        payload: {
          id: randomUUID(),
          customerName: 'Vecina del Portal',
          customerPhone: '+34 600 000 111',
          customerEmail: `vecina-${i}-${randomUUID().slice(0, 8)}@example.com`,
          numberOfPeople: 2,
          reservationDate: WEDNESDAY,
          reservationTime: '14:00',
          privacyConsent: true,
        },
      });
      expect(earlier.statusCode).toBe(201);
    }

    const page = await openGuestForm(suite);
    const seen: Seen[] = [];
    const scripts: string[] = [];
    const workers: string[] = [];
    page.on('response', (response) => {
      const request = response.request();
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/public/reservations') || pathname.startsWith('/api/public/booking-challenge')) {
        seen.push({ what: `${request.method()} ${pathname}${request.headers()[BOOKING_PROOF_HEADER] ? ' +proof' : ''}`, status: response.status() });
      }
      if (request.resourceType() === 'script') scripts.push(pathname);
    });
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));

    // The honeypot is there for bots only: off the screen, out of the tab order, never autofilled, and its label
    // tells a screen reader's user to leave it.
    const trap = page.getByLabel(messages.botCheck.honeypotLabel, { exact: true });
    expect(await trap.getAttribute('tabindex')).toBe('-1');
    expect(await trap.getAttribute('autocomplete')).toBe('off');
    // Drawn inside a 1 px box that clips it: a sighted person never meets it.
    const frame = await page.locator('div.sr-only', { has: trap }).boundingBox();
    expect(frame!.width * frame!.height).toBeLessThanOrEqual(1);

    const email = `sexta-${randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel(form.name, { exact: true }).fill('Paloma Sexta');
    await page.getByLabel(form.phone, { exact: true }).fill('+34 600 123 456');
    await page.getByLabel(form.email, { exact: true }).fill(email);
    await pickDate(page, WEDNESDAY);
    await page.getByLabel(form.time, { exact: true }).selectOption('15:00');
    await page.getByRole('checkbox', { name: new RegExp(`^${form.consentPrefix} ${form.consentLink}`) }).check();
    // A person's pace: the signed render time is not what asks for the proof here, the sixth request is.
    suite.clock!.advance(10_000);
    expect(scripts.filter((path) => /solve-booking-challenge|booking-challenge-worker/.test(path))).toEqual([]);

    await page.getByRole('button', { name: form.submit }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: messages.reservation.success.title }).waitFor();

    expect(seen).toEqual([
      { what: 'POST /api/public/reservations', status: 429 },
      { what: 'GET /api/public/booking-challenge', status: 200 },
      { what: 'POST /api/public/reservations +proof', status: 201 },
    ]);
    expect(workers.some((path) => path.includes('booking-challenge-worker'))).toBe(true);
    const [saved] = await suite.db().select().from(reservations).where(eq(reservations.customerEmail, email));
    expect(saved).toMatchObject({ customerName: 'Paloma Sexta', reservationDate: WEDNESDAY, reservationTime: '15:00', status: 'pending' });
  });
});
