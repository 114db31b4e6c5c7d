import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, reservations } from '../../src/server/db/schema.ts';
import { smtpTransport } from '../../src/server/platform/mailer.ts';
import { parseEmail, startSmtpPeer } from '../support/smtp-peer.ts';
import { useApiSuite, usePeer } from '../support/api-suite.ts';
import { waitFor } from '../support/wait-for.ts';
import { bookingBody } from '../support/bookings.ts';

const peer = usePeer(() => startSmtpPeer());
const { app } = useApiSuite(() => ({ owner: false, transport: smtpTransport(peer().url), outboxPollMs: 50, outboxRetryBaseMs: 20 }));

const nextSaturday = () => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + ((6 - date.getUTCDay() + 7) % 7 || 7));
  return date.toISOString().slice(0, 10);
};

describe('a booking while the mail server is down', () => {
  it('is accepted at once, and its welcome email arrives exactly once when the server is back', async () => {
    await peer().stop();
    const id = randomUUID();
    const response = await app().request({
      method: 'POST',
      url: '/api/public/reservations',
      payload: bookingBody({
        id,
        customerName: 'Lucía Pérez',
        customerPhone: '600 111 222',
        customerEmail: 'lucia@example.com',
        reservationDate: nextSaturday(),
      }),
    });
    expect(response.statusCode).toBe(201);
    const { db } = app().instance.database;
    expect(await db.select().from(reservations).where(eq(reservations.id, id))).toHaveLength(1);

    // Failed attempts are recorded on the row, not lost.
    await waitFor(async () => {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.reservationId, id));
      return row && row.attempts >= 2 && row.lastError ? row : undefined;
    }, { what: 'two failed delivery attempts' });

    await peer().start();
    const [message] = await peer().waitForMessages(1);
    const parsed = parseEmail(message!.raw);
    expect(message!.envelopeTo).toEqual(['lucia@example.com']);
    expect(parsed.header('subject')).toBe('Solicitud de reserva recibida - pendiente de confirmación · Mi Restaurante');
    expect(parsed.header('from')).toBe('Mi Restaurante <reservas@localhost>');
    expect(parsed.text).toContain('Lucía Pérez');

    const row = await waitFor(async () => {
      const [current] = await db.select().from(emailOutbox).where(eq(emailOutbox.reservationId, id));
      return current?.sentAt ? current : undefined;
    }, { what: 'sent_at' });
    expect(row.lastError).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(peer().messages).toHaveLength(1);
  });
});
