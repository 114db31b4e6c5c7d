// Issue 25, items 3 and 5: the restaurant's address, phones and weekly hours on the public side, and the schema.org
// markup of GET / (Restaurant) and of the guest emails (FoodEstablishmentReservation), read as their readers do.
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { addDays, dayOfWeek, madridInstant, madridToday } from '@shared/rules/madrid-time.ts';
import { openingHoursLine } from '@shared/rules/restaurant-details.ts';
import { publicSettingsSchema } from '@shared/schemas/settings.ts';
import { emailOutbox, restaurantConfig } from '../../src/server/db/schema.ts';
import { modifiedEmail } from '../../src/server/modules/notifications/service.ts';
import { smtpTransport } from '../../src/server/platform/mailer.ts';
import { pagePolicy, splitStyleNonce } from '../support/built-index.ts';
import { configure, insertReservation, uniqueEmail } from '../support/factories.ts';
import { parseEmail, startSmtpPeer } from '../support/smtp-peer.ts';
import { useApiSuite, usePeer } from '../support/api-suite.ts';
import { waitFor } from '../support/wait-for.ts';
import { freshAddress } from '../support/bookings.ts';

// The real clock: the outbox worker sends what is due by the database's time.
const HOSTILE = '</script><script>alert(1)</script><!--';
const ADDRESS = 'Calle Mayor 5, 28013 Madrid & "Centro"\u2028';
const peer = usePeer(() => startSmtpPeer());
const { app, db, api } = useApiSuite(() => ({
  builtIndex: true,
  transport: smtpTransport(peer().url),
  outboxPollMs: 50,
  outboxRetryBaseMs: 20,
  afterStart: (started) =>
    configure(started.instance.database.db, { name: `Casa Lola ${HOSTILE}`, address: ADDRESS, contactPhone1: null, contactPhone2: '+34 911 222 333' }),
}));

const blockTexts = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => match[1]!);

/** Every JSON-LD block of a page or an email, parsed as a reader does: JSON.parse of the element's text. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return blockTexts(html).map((text) => JSON.parse(text));
}

const patchHours = (day: number, payload: object) => api('PATCH', `/operating-hours/${day}`, payload);

describe('GET / and the public settings', () => {
  it('give the address, the phones and the weekly hours, whose line is the spec’s with the default hours', async () => {
    const response = await app().request({ method: 'GET', url: '/api/public/settings' });
    const settings = publicSettingsSchema.parse(response.json());
    expect(settings).toMatchObject({ address: ADDRESS, contactPhone1: null, contactPhone2: '+34 911 222 333' });
    expect(settings.weeklyHours.map((day) => [day.dayOfWeek, day.isOpen])).toEqual([0, 1, 2, 3, 4, 5, 6].map((day) => [day, day !== 1]));
    expect(openingHoursLine(settings.weeklyHours)).toBe(messages.landing.footer.hours);
  });

  it('carry a Restaurant JSON-LD block in the head that no configured value breaks out of', async () => {
    const response = await app().request({ method: 'GET', url: '/' });
    const { html, nonce } = splitStyleNonce(response.body);
    expect(response.headers['content-security-policy']).toBe(pagePolicy(nonce));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(jsonLd(head)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Restaurant',
        name: `Casa Lola ${HOSTILE}`,
        url: 'http://localhost:3000/',
        address: ADDRESS.trim(),
        telephone: '+34 911 222 333',
        openingHoursSpecification: [
          {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => `https://schema.org/${day}`),
            opens: '13:00',
            closes: '18:00',
          },
        ],
        acceptsReservations: 'http://localhost:3000/',
      },
    ]);
    // Only the escaped copies: the title, the page and its query state escape it as HTML, the block as JSON. The only
    // comments are React's own markers (a Suspense boundary's, a text separator).
    expect(html).not.toContain('</script><script>');
    expect(html.replace(/<!--(?:\/?\$| )-->/g, '')).not.toContain('<!--');
    expect(blockTexts(head)[0]).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it('follow the weekly hours: grouped days, both spans of a day with a break, in the line and in the markup', async () => {
    const evening = { closeTime: '23:30', breakStartTime: '16:00', breakEndTime: '20:00' };
    expect((await patchHours(5, evening)).statusCode).toBe(200);
    expect((await patchHours(6, evening)).statusCode).toBe(200);
    try {
      const settings = publicSettingsSchema.parse((await app().request({ method: 'GET', url: '/api/public/settings' })).json());
      expect(openingHoursLine(settings.weeklyHours)).toBe(
        'Martes a jueves de 13:00 a 18:00; viernes y sábado de 13:00 a 16:00 y de 20:00 a 23:30; domingo de 13:00 a 18:00',
      );
      const [restaurant] = jsonLd((await app().request({ method: 'GET', url: '/' })).body);
      const days = (names: string[]) => names.map((day) => `https://schema.org/${day}`);
      expect(restaurant!.openingHoursSpecification).toEqual([
        { '@type': 'OpeningHoursSpecification', dayOfWeek: days(['Tuesday', 'Wednesday', 'Thursday']), opens: '13:00', closes: '18:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: days(['Friday', 'Saturday']), opens: '13:00', closes: '16:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: days(['Friday', 'Saturday']), opens: '20:00', closes: '23:30' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: days(['Sunday']), opens: '13:00', closes: '18:00' },
      ]);
    } finally {
      const back = { closeTime: '18:00', breakStartTime: null, breakEndTime: null };
      expect((await patchHours(5, back)).statusCode).toBe(200);
      expect((await patchHours(6, back)).statusCode).toBe(200);
    }
  });
});

/** The one email delivered to `to` with `subject`, parsed: its text and HTML parts and the HTML's JSON-LD. */
async function delivered(to: string, subject: string) {
  const message = await waitFor(
    () => peer().messages.find((received) => received.envelopeTo.includes(to) && parseEmail(received.raw).header('subject') === subject),
    { what: `"${subject}" to ${to}` },
  );
  const email = parseEmail(message.raw);
  expect(email.html).toBeTruthy();
  const blocks = jsonLd(email.html!);
  expect(blocks).toHaveLength(1);
  return { email, markup: blocks[0]! };
}

/** The next Thursday at least two days ahead in Madrid: open, and inside the booking window. */
const THURSDAY = (() => {
  const soon = addDays(madridToday(new Date()), 2);
  return addDays(soon, (4 - dayOfWeek(soon) + 7) % 7);
})();
const confirmedSubject = () => `Reserva confirmada · Casa Lola ${HOSTILE}`;
const status = (value: string) => `https://schema.org/Reservation${value}`;
const book = (customerEmail: string, reservationTime: string) =>
  app().request({
    method: 'POST',
    url: '/api/public/reservations',
    remoteAddress: freshAddress(),
    payload: {
      id: randomUUID(),
      customerName: 'Lucía Pérez',
      customerPhone: '600 111 222',
      customerEmail,
      numberOfPeople: 2,
      reservationDate: THURSDAY,
      reservationTime,
      privacyConsent: true,
    },
  });
const setStatus = (id: string, payload: object) => api('PATCH', `/reservations/${id}/status`, payload);
/** A staff change's email waits out its 'Deshacer' window; the test lets that time pass. */
const releaseHeldEmails = () =>
  db().update(emailOutbox).set({ nextAttemptAt: new Date(0) }).where(and(isNotNull(emailOutbox.undoGroup), isNull(emailOutbox.sentAt)));

describe('the guest emails’ FoodEstablishmentReservation, from the SMTP peer', () => {
  it('a request: pending, with the guest, the restaurant, the Madrid time and the private link as delivered', async () => {
    const to = uniqueEmail();
    const response = await book(to, '13:30');
    expect(response.statusCode, response.body).toBe(201);
    const { email, markup } = await delivered(to, `Solicitud de reserva recibida - pendiente de confirmación · Casa Lola ${HOSTILE}`);
    const manageUrl = /Gestionar mi reserva: (\S+)/.exec(email.text)?.[1];
    expect(manageUrl).toMatch(/^http:\/\/localhost:3000\/reserva\/[\w-]{43}$/);
    expect(markup).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FoodEstablishmentReservation',
      reservationNumber: (response.json() as { id: string }).id,
      reservationStatus: status('Pending'),
      underName: { '@type': 'Person', name: 'Lucía Pérez', email: to },
      reservationFor: { '@type': 'FoodEstablishment', name: `Casa Lola ${HOSTILE}`, address: ADDRESS.trim(), telephone: '+34 911 222 333' },
      startTime: expect.stringMatching(new RegExp(`^${THURSDAY}T13:30:00\\+0[12]:00$`)),
      partySize: 2,
      modifyReservationUrl: manageUrl,
    });
    expect(new Date(markup.startTime as string)).toEqual(madridInstant(THURSDAY, '13:30'));
  });

  it('confirmed by staff, and cancelled without a link to change it', async () => {
    const [confirmed, cancelled] = [uniqueEmail(), uniqueEmail()];
    const first = await book(confirmed, '14:00');
    const second = await book(cancelled, '14:30');
    const ids = [first, second].map((response) => (response.json() as { id: string }).id);
    expect((await setStatus(ids[0]!, { status: 'confirmed' })).statusCode).toBe(200);
    expect((await setStatus(ids[1]!, { status: 'cancelled', reason: 'Cocina cerrada' })).statusCode).toBe(200);
    await releaseHeldEmails();

    const confirmation = await delivered(confirmed, confirmedSubject());
    expect(confirmation.markup).toMatchObject({ reservationNumber: ids[0], reservationStatus: status('Confirmed') });
    expect(new Date(confirmation.markup.startTime as string)).toEqual(madridInstant(THURSDAY, '14:00'));
    expect(confirmation.markup.modifyReservationUrl).toMatch(/^http:\/\/localhost:3000\/reserva\/[\w-]{43}$/);

    const cancellation = await delivered(cancelled, `Reserva cancelada · Casa Lola ${HOSTILE}`);
    expect(cancellation.markup).toMatchObject({ reservationNumber: ids[1], reservationStatus: status('Cancelled') });
    expect(cancellation.markup).not.toHaveProperty('modifyReservationUrl');
  });

  it('auto-confirmed at once: confirmed', async () => {
    await configure(db(), { autoConfirmationEnabled: true });
    try {
      const to = uniqueEmail();
      const response = await book(to, '15:00');
      expect(response.json()).toMatchObject({ status: 'confirmed' });
      const { markup } = await delivered(to, confirmedSubject());
      expect(markup).toMatchObject({ reservationStatus: status('Confirmed'), partySize: 2 });
    } finally {
      await configure(db(), { autoConfirmationEnabled: false });
    }
  });

  it('a guest name that closes the script stays inside the data block; a summer date gets +02:00', async () => {
    const to = uniqueEmail();
    const name = `Ana ${HOSTILE} \u2028 & "Lu"`;
    const row = await insertReservation(db(), {
      customerName: name,
      customerEmail: to,
      reservationDate: '2027-06-12',
      reservationTime: '21:00',
      numberOfPeople: 5,
      status: 'pending',
    });
    expect((await setStatus(row.id, { status: 'confirmed' })).statusCode).toBe(200);
    await releaseHeldEmails();
    const { email, markup } = await delivered(to, confirmedSubject());
    expect(markup).toMatchObject({
      reservationStatus: status('Confirmed'),
      underName: { '@type': 'Person', name, email: to },
      startTime: '2027-06-12T21:00:00+02:00',
      partySize: 5,
    });
    // The only script in the email is the data block; the name reaches no markup unescaped.
    expect(email.html!.match(/<script\b/g)).toHaveLength(1);
    expect(email.html).not.toContain('</script><script>');
    expect(email.html).not.toContain('<!--');
  });
});

describe('the modified email', () => {
  it('carries the reservation’s own status', async () => {
    const [config] = await db().select().from(restaurantConfig).where(eq(restaurantConfig.id, 1));
    const row = await insertReservation(db(), { customerEmail: uniqueEmail(), status: 'pending' });
    for (const [reservationStatus, expected] of [['pending', 'Pending'], ['confirmed', 'Confirmed']] as const) {
      const email = modifiedEmail(config!, { ...row, status: reservationStatus }, row.customerEmail!);
      expect(jsonLd(email.html!)).toMatchObject([{ reservationNumber: row.id, reservationStatus: status(expected) }]);
    }
  });
});
