import { asc, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { restaurantConfigDefaults } from '@shared/defaults.ts';
import { NOTIFICATION_TEST_KINDS } from '@shared/limits.ts';
import { messages } from '@shared/messages.ts';
import { notificationsMessages } from '@shared/staff-messages/notifications.ts';
import { formatLongDate, SAMPLE_RESERVATION } from '@shared/rules/templates.ts';
import type { reservations} from '../../src/server/db/schema.ts';
import { emailOutbox, restaurantConfig } from '../../src/server/db/schema.ts';
import { renderEmail, safeBrandColor } from '../../src/server/modules/notifications/email-layout.ts';
import { guestReceivedEmail, staffNewReservationEmails } from '../../src/server/modules/notifications/service.ts';
import { sendDueReminders } from '../../src/server/modules/notifications/reminders.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { configure, insertReservation, uniqueEmail } from '../support/factories.ts';
import { bookAsGuest } from '../support/bookings.ts';

// Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = '2026-11-24T10:00:00Z';
const ADMIN_EMAIL = 'jefe@example.com';
const { app, db, owner: admin } = useApiSuite({ clock: new ManualClock(NOW) });
afterEach(async () => {
  const { onesignalAppId: _unused, ...config } = restaurantConfigDefaults;
  await configure(db(), config);
});

const sendTest = (payload: object, cookie: string | undefined = admin()) =>
  app().request({ method: 'POST', url: '/api/admin/notifications/test', payload, ...(cookie ? { cookie } : {}) });
const outboxOfKind = (kinds: string[]) =>
  db().select().from(emailOutbox).where(inArray(emailOutbox.kind, kinds)).orderBy(asc(emailOutbox.id));
const outboxOf = (reservationId: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, reservationId)).orderBy(asc(emailOutbox.id));

function expectError(response: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect((response.json() as { error: { message: string } }).error.message).toBe(message);
}

/**
 * The markup of a well-formed layout: never a raw tag from a guest or a template. The one script a guest email may
 * hold is its schema.org data block, whose JSON has no `<` at all (restaurant-details.test.ts reads it).
 */
function expectSafeHtml(html: string | null) {
  expect(html).toBeTruthy();
  expect(html).toMatch(/^<!doctype html>\n<html lang="es">/);
  expect(html).toContain('<title>');
  expect(html!.replace(/<script type="application\/ld\+json">[^<]*<\/script>/, '')).not.toMatch(/<img|<script|<b>/i);
}

describe('POST /api/admin/notifications/test', () => {
  const sampleDate = formatLongDate(SAMPLE_RESERVATION.reservationDate);
  const expectations = {
    confirmation: { subject: `[Prueba] Reserva confirmada · Casa Prueba`, template: 'autoConfirmationMessage' },
    reminder24h: { subject: `[Prueba] ${restaurantConfigDefaults.reminder24hSubject}`, template: 'reminder24hMessage' },
    reminder2h: { subject: `[Prueba] ${restaurantConfigDefaults.reminder2hSubject}`, template: 'reminder2hMessage' },
    cancellation: { subject: `[Prueba] ${restaurantConfigDefaults.cancellationSubject}`, template: 'cancellationMessage' },
  } as const;

  it.each(NOTIFICATION_TEST_KINDS)('%s: queues the real message, with the sample reservation, to the admin email only', async (kind) => {
    await configure(db(), {
      name: 'Casa Prueba',
      adminEmail: ADMIN_EMAIL,
      additionalReportEmail: 'socio@example.com',
      brandColor: '#123abc',
      // The switches do not stop a test: the owner checks the wording before turning a message on.
      reminder24hEnabled: false,
      reminder2hEnabled: false,
      [expectations[kind].template]: 'Hola {name}: {date} a las {time}, {people} personas en {restaurantName}.',
    });
    const response = await sendTest({ kind });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ recipients: [ADMIN_EMAIL] });

    const emails = await outboxOfKind([`test_${kind}`]);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email).toMatchObject({ toAddress: ADMIN_EMAIL, subject: expectations[kind].subject, reservationId: null });
    const filled = `Hola María García: ${sampleDate} a las 14:00, 4 personas en Casa Prueba.`;
    expect(email!.textBody.startsWith(filled)).toBe(true);
    expect(email!.textBody.endsWith('\n\nCasa Prueba')).toBe(true);
    expect(email!.htmlBody).toContain(`<p style="margin:0 0 12px">${filled}</p>`);
    expect(email!.htmlBody).toContain('background:#123abc');
    expectSafeHtml(email!.htmlBody);
    await db().delete(emailOutbox).where(eq(emailOutbox.id, email!.id));
  });

  it('the confirmation and cancellation tests carry the reservation details', async () => {
    await configure(db(), { adminEmail: ADMIN_EMAIL });
    for (const kind of ['confirmation', 'cancellation'] as const) {
      expect((await sendTest({ kind })).statusCode).toBe(202);
      const [email] = await outboxOfKind([`test_${kind}`]);
      expect(email!.textBody).toContain(`Nombre: María García\nFecha: ${sampleDate}\nHora: 14:00\nPersonas: 4`);
      expect(email!.htmlBody).toContain('María García');
      await db().delete(emailOutbox).where(eq(emailOutbox.id, email!.id));
    }
  });

  it("shows the guest's link as real emails do, and the confirmation carries the sample's calendar file", async () => {
    await configure(db(), { adminEmail: ADMIN_EMAIL });
    for (const kind of NOTIFICATION_TEST_KINDS) {
      expect((await sendTest({ kind })).statusCode).toBe(202);
      const [email] = await outboxOfKind([`test_${kind}`]);
      const hasLink = (email!.htmlBody ?? '').includes(`href="http://localhost:3000/"`);
      expect([kind, hasLink]).toEqual([kind, kind !== 'cancellation']);
      const calendar = (email!.attachments ?? []).map((attachment) => Buffer.from(attachment.contentBase64, 'base64').toString('utf8'));
      expect(calendar.length).toBe(kind === 'confirmation' ? 1 : 0);
      if (kind === 'confirmation') expect(calendar[0]).toContain('DTSTART;TZID=Europe/Madrid:20261205T140000');
      await db().delete(emailOutbox).where(eq(emailOutbox.id, email!.id));
    }
  });

  it('refuses without an admin email, with the Spanish message, and queues nothing', async () => {
    await configure(db(), { adminEmail: null, additionalReportEmail: 'socio@example.com' });
    const response = await sendTest({ kind: 'confirmation' });
    expectError(response, 400, notificationsMessages.testNoAdminEmail);
    expect((response.json() as { error: { code: string } }).error.code).toBe('no_admin_email');
    expect(await outboxOfKind(NOTIFICATION_TEST_KINDS.map((kind) => `test_${kind}`))).toEqual([]);
  });

  it('refuses an unknown or missing kind with a Spanish 400', async () => {
    await configure(db(), { adminEmail: ADMIN_EMAIL });
    for (const payload of [{ kind: 'sms' }, {}, { kind: 3 }]) {
      const response = await sendTest(payload);
      expect(response.statusCode).toBe(400);
      const body = response.json() as { error: { code: string; message: string; fields: Record<string, string> } };
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.fields.kind).toMatch(/[áéíóúñ]|inválid|Opción|esperaba/i);
    }
  });

  it('is for signed-in admins only', async () => {
    await configure(db(), { adminEmail: ADMIN_EMAIL });
    expectError(await sendTest({ kind: 'confirmation' }, ''), 401, messages.http.unauthorized);
    const staff = await app().signIn({ roles: [] });
    expect((await sendTest({ kind: 'confirmation' }, staff)).statusCode).toBe(403);
    expect(await outboxOfKind(['test_confirmation'])).toEqual([]);
  });
});

describe('the HTML of every email escapes guests and templates', () => {
  const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
  const ESCAPED_NAME = '&lt;img src=x onerror=alert(1)&gt;';
  const TEMPLATE = 'Hola {name}, <b>x</b>\n\nSegundo párrafo\ncon salto';
  const escapedTemplate = (name: string) =>
    `<p style="margin:0 0 12px">Hola ${name}, &lt;b&gt;x&lt;/b&gt;</p>\n<p style="margin:0 0 12px">Segundo párrafo<br>con salto</p>`;

  const hostileTemplates = {
    welcomeEmailMessage: TEMPLATE,
    autoConfirmationMessage: TEMPLATE,
    confirmationMessage: TEMPLATE,
    cancellationMessage: TEMPLATE,
    reminder24hMessage: TEMPLATE,
    reminder2hMessage: TEMPLATE,
    cancellationPolicy: 'Cancele con <i>2 h</i> de antelación',
    adminEmail: ADMIN_EMAIL,
    brandColor: '#0a7e4f',
    contactPhone1: '+34 600 111 222',
  };

  /** The public form refuses markup in a name; a manual or imported reservation may still carry it. */
  async function insertHostile(overrides: Partial<typeof reservations.$inferInsert> = {}) {
    return insertReservation(db(), {
      customerName: HOSTILE_NAME,
      customerPhone: '600123456',
      customerEmail: uniqueEmail(),
      numberOfPeople: 3,
      reservationTime: '20:00',
      status: 'pending',
      adminNotes: '[Cliente] <script>alert(2)</script>',
      createdAt: new Date('2026-11-20T10:00:00Z'),
      ...overrides,
    });
  }
  const currentConfig = async () => (await db().select().from(restaurantConfig).where(eq(restaurantConfig.id, 1)))[0]!;

  it('the welcome email and the staff alert of a public booking', async () => {
    await configure(db(), hostileTemplates);
    const id = await bookAsGuest(app(), {
      customerName: 'Lucía Pérez',
      customerPhone: '600 111 222',
      customerEmail: 'lucia@example.com',
      reservationDate: '2026-11-26',
      reservationTime: '13:30',
    });
    const [welcome, staff] = await outboxOf(id);
    expect(welcome!.kind).toBe('reservation_welcome');
    // Queued with a placeholder where the token goes: the delivery worker mints it (decision 012).
    expect(welcome!.textBody).toMatch(
      /^Hola Lucía Pérez, <b>x<\/b>\n\nSegundo párrafo\ncon salto\n\nConsulta, cancela o cambia tu reserva en tu enlace privado:\nGestionar mi reserva: http:\/\/localhost:3000\/reserva\/mesa-enlace-[0-9a-f]{24}\n\nMi Restaurante$/,
    );
    expect(welcome!.htmlBody).toContain(escapedTemplate('Lucía Pérez'));
    expect(welcome!.htmlBody).toContain('background:#0a7e4f');
    expect(welcome!.htmlBody).toContain('Teléfono: +34 600 111 222');
    expectSafeHtml(welcome!.htmlBody);
    expect(staff).toMatchObject({ kind: 'staff_new_reservation', toAddress: ADMIN_EMAIL });
    expectSafeHtml(staff!.htmlBody);
  });

  it('the welcome, auto-confirmation and staff emails of a hostile name and note', async () => {
    await configure(db(), hostileTemplates);
    const row = await insertHostile();
    const config = await currentConfig();
    const welcome = guestReceivedEmail(config, row)!;
    const autoConfirmed = guestReceivedEmail(config, { ...row, status: 'confirmed' })!;
    const [staff] = staffNewReservationEmails(config, row, 'http://localhost:3000/admin');
    expect([welcome.kind, autoConfirmed.kind, staff!.kind]).toEqual(['reservation_welcome', 'reservation_auto_confirmed', 'staff_new_reservation']);
    for (const email of [welcome, autoConfirmed, staff!]) {
      expect(email.html).toContain(ESCAPED_NAME);
      expectSafeHtml(email.html ?? null);
    }
    expect(welcome.html).toContain(escapedTemplate(ESCAPED_NAME));
    expect(autoConfirmed.html).toContain(escapedTemplate(ESCAPED_NAME));
    expect(staff!.text).toContain(`Nombre: ${HOSTILE_NAME}`);
    expect(staff!.text).toContain('Nota: <script>alert(2)</script>');
    expect(staff!.html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it('the confirmed and cancelled emails, with the policy and the reason', async () => {
    await configure(db(), hostileTemplates);
    const confirmed = await insertHostile();
    const cancelled = await insertHostile();
    const patch = (id: string, payload: object) =>
      app().request({ method: 'PATCH', url: `/api/admin/reservations/${id}/status`, cookie: admin(), payload });
    expect((await patch(confirmed.id, { status: 'confirmed' })).statusCode).toBe(200);
    expect((await patch(cancelled.id, { status: 'cancelled', reason: 'Cocina <u>cerrada</u>' })).statusCode).toBe(200);

    const [confirmation] = await outboxOf(confirmed.id);
    expect(confirmation!.kind).toBe('reservation_confirmed');
    expect(confirmation!.htmlBody).toContain(escapedTemplate(ESCAPED_NAME));
    expect(confirmation!.htmlBody).toContain('Cancele con &lt;i&gt;2 h&lt;/i&gt; de antelación');
    expectSafeHtml(confirmation!.htmlBody);

    const [cancellation] = await outboxOf(cancelled.id);
    expect(cancellation!.kind).toBe('reservation_cancelled');
    expect(cancellation!.textBody).toContain('Motivo: Cocina <u>cerrada</u>');
    expect(cancellation!.htmlBody).toContain(escapedTemplate(ESCAPED_NAME));
    expect(cancellation!.htmlBody).toContain('Motivo: Cocina &lt;u&gt;cerrada&lt;/u&gt;');
    expect(cancellation!.htmlBody).not.toContain('<u>');
    expectSafeHtml(cancellation!.htmlBody);
  });

  it('the 24 h and 2 h reminders', async () => {
    await configure(db(), { ...hostileTemplates, reminder24hEnabled: true, reminder2hEnabled: true });
    const row = await insertHostile({ status: 'confirmed' });
    await sendDueReminders(db(), new Date('2026-11-25T19:00:00Z'));
    await sendDueReminders(db(), new Date('2026-11-26T17:00:00Z'));
    const emails = await outboxOf(row.id);
    expect(emails.map((email) => email.kind)).toEqual(['reminder_24h', 'reminder_2h']);
    for (const email of emails) {
      expect(email.htmlBody).toContain(escapedTemplate(ESCAPED_NAME));
      expectSafeHtml(email.htmlBody);
    }
  });
});

describe('renderEmail', () => {
  const brand = { name: 'Casa "Pepe" & <Cía>', brandColor: '#b45309', contactPhone1: null, contactPhone2: '<b>91</b>' };

  it('uses a valid brand colour and falls back to the default for anything else', () => {
    expect(safeBrandColor('#A1b2C3')).toBe('#A1b2C3');
    for (const hostile of ['red;background:url(javascript:alert(1))', '#123', '#1234567', '"><script>', '#12345g', '']) {
      expect(safeBrandColor(hostile)).toBe(restaurantConfigDefaults.brandColor);
      const { html } = renderEmail({ ...brand, brandColor: hostile }, { heading: 'H', audience: 'guest', blocks: [] });
      expect(html).not.toContain(hostile || 'background:;');
      expect(html).toContain(`background:${restaurantConfigDefaults.brandColor}`);
    }
  });

  it('escapes the name, heading, details and table cells, and builds the plain text alike', () => {
    const { html, text } = renderEmail(brand, {
      heading: '<h2>Informe</h2>',
      headingInText: true,
      audience: 'guest',
      blocks: [
        { kind: 'text', text: 'uno\r\n\r\ndos\ntres' },
        { kind: 'details', rows: [['<th>', '"x" & \'y\'']] },
        { kind: 'table', headers: ['<td>'], rows: [['<tr>']], text: 'tabla' },
      ],
    });
    expect(html).toContain('<title>&lt;h2&gt;Informe&lt;/h2&gt;</title>');
    expect(html).toContain('Casa &quot;Pepe&quot; &amp; &lt;Cía&gt;');
    expect(html).toContain('<p style="margin:0 0 12px">uno</p>\n<p style="margin:0 0 12px">dos<br>tres</p>');
    expect(html).toContain('&lt;th&gt;');
    expect(html).toContain('&quot;x&quot; &amp; &#39;y&#39;');
    expect(html).toContain('&lt;td&gt;');
    expect(html).toContain('&lt;tr&gt;');
    expect(html).toContain('Teléfono: &lt;b&gt;91&lt;/b&gt;');
    expect(html).not.toContain('<h2>');
    expect(text).toBe('<h2>Informe</h2>\n\nuno\r\n\r\ndos\ntres\n\n<th>: "x" & \'y\'\n\ntabla\n\nCasa "Pepe" & <Cía>');
  });

  it('gives staff emails no signature', () => {
    const { html, text } = renderEmail(brand, { heading: 'Nueva', audience: 'staff', blocks: [{ kind: 'text', text: 'cuerpo' }] });
    expect(text).toBe('cuerpo');
    expect(html).not.toContain('Teléfono:');
  });
});
