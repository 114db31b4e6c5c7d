import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, reservations } from '../../src/server/db/schema.ts';
import { openDayNextWeek } from '../support/bookings.ts';
import { insertReservations, uniqueEmail } from '../support/factories.ts';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.ts';
import { startTwoServers, type TwoServers } from '../support/two-servers.ts';
import { waitFor } from '../support/wait-for.ts';

// Issue 52, item 1 (decision 064) on two server processes sharing one PostgreSQL database: two staff members press
// 'Confirmar todas' over the same list at once, one on each instance. Every request is confirmed once, and each
// guest gets exactly one confirmation email over SMTP.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)("'Confirmar todas' pressed on two server processes at once", () => {
  let two: TwoServers;
  let smtp: SmtpPeer;
  const db = () => two.database.handle.db;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    two = await startTwoServers('confirmar-todas', { SMTP_URL: smtp.url });
  }, 180_000);
  afterAll(async () => {
    await two?.stop();
    await smtp?.close();
  }, 60_000);

  it('confirms each request once and sends each guest one email', async () => {
    const date = openDayNextWeek();
    const rows = await insertReservations(
      db(),
      ['Ana Pérez', 'Luis Gómez', 'Marta Ruiz', 'Eva Sanz'].map((customerName, index) => ({
        customerName,
        customerEmail: uniqueEmail('dos-procesos'),
        reservationDate: date,
        reservationTime: `1${3 + (index % 2)}:00`,
        status: 'pending' as const,
      })),
    );
    const list = { reservations: rows.map(({ id, revision }) => ({ id, revision })) };
    const answers = await Promise.all([0, 1].map((instance) => two.admin(instance as 0 | 1, 'POST', '/reservations/confirm-batch', list)));
    expect(answers.map((answer) => answer.status), JSON.stringify(answers)).toEqual([200, 200]);

    const bodies = answers.map((answer) => answer.body as { confirmed: { id: string }[]; skipped: { id: string; reason: string }[] });
    const confirmedIds = bodies.flatMap((body) => body.confirmed.map((row) => row.id));
    expect(confirmedIds.toSorted()).toEqual(rows.map((row) => row.id).toSorted());
    // What one instance confirmed, the other found changed and left.
    expect(bodies.flatMap((body) => body.skipped).every((skip) => skip.reason === 'changed')).toBe(true);
    expect(bodies.flatMap((body) => body.skipped)).toHaveLength(rows.length);

    const now = await db().select().from(reservations).where(inArray(reservations.id, rows.map((row) => row.id)));
    expect(now.map((row) => [row.status, row.revision])).toEqual(rows.map(() => ['confirmed', 1]));

    const ids = rows.map((row) => row.id);
    // Held for the undo window (20 s), then delivered.
    const queued = await waitFor(
      async () => {
        const emails = await db().select().from(emailOutbox).where(inArray(emailOutbox.reservationId, ids));
        return emails.length > 0 && emails.every((email) => email.sentAt !== null) && smtp.messages.length >= emails.length && emails;
      },
      { what: 'the confirmations delivered', timeoutMs: 60_000, intervalMs: 200 },
    );
    expect(queued.map((email) => email.kind)).toEqual(rows.map(() => 'reservation_confirmed'));
    for (const row of rows) {
      expect(queued.filter((email) => email.reservationId === row.id), row.customerName).toHaveLength(1);
      expect(smtp.messages.filter((message) => message.envelopeTo.includes(row.customerEmail!)), row.customerName).toHaveLength(1);
    }
  }, 120_000);
});
