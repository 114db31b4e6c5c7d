import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { madridToday } from '@shared/rules/madrid-time.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { guestMessageTexts as text } from '@shared/staff-messages/guest-messages.ts';
import { openBooking, useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservation } from '../support/factories.ts';
import { guestMessages } from '../../src/server/db/schema.ts';

// Issue 46, items 4-5, on Reservas: 'Confirmó asistencia' on the host stand's row, and the booking's 'Mensajes' (the
// guest's answer, staff's reply queued). On the real clock: the messages' times are the database's.
const HOUR = 60 * 60 * 1000;
const LAPTOP = { viewport: { width: 1366, height: 900 } };
const suite = useBrowserSuite();
const db = () => suite.db();

async function bookingWithAnswer(customerName: string, guestConfirmedAt: Date | null, phone: string) {
  const row = await insertReservation(db(), {
    customerName,
    customerPhone: '612 34 56 78',
    customerPhoneE164: phone,
    messagingChannel: 'whatsapp',
    reservationDate: madridToday(new Date()),
    reservationTime: '21:00',
    status: 'confirmed',
    guestConfirmedAt,
  });
  const at = (ago: number) => new Date(Date.now() - ago);
  await db().insert(guestMessages).values([
    { direction: 'out', channel: 'whatsapp', kind: 'confirmation', reservationId: row.id, phoneE164: phone, body: 'Tu reserva está confirmada.', status: 'read', sentAt: at(3 * HOUR), createdAt: at(3 * HOUR) },
    { direction: 'in', channel: 'whatsapp', kind: 'answer', reservationId: row.id, phoneE164: phone, body: 'Vamos con un carrito de bebé', status: 'received', outcome: 'message', sentAt: at(HOUR), createdAt: at(HOUR) },
  ]);
  return row;
}

describe("a booking's messages", () => {
  it("shows 'Confirmó asistencia' on the row, the guest's answer in 'Mensajes', and queues staff's reply", async () => {
    const row = await bookingWithAnswer('Lucía Mensajes', new Date(Date.now() - HOUR), '+34612345678');
    const page = await suite.openAdmin('/admin', LAPTOP);
    const rowButton = page.getByRole('button', { name: 'Lucía Mensajes', exact: true });
    await rowButton.getByText(staffMessages.admin.today.guestConfirmed, { exact: true }).waitFor();

    const card = await openBooking(page, 'Lucía Mensajes');
    await card.getByText(staffMessages.admin.today.guestConfirmed, { exact: true }).waitFor();
    const messagesRegion = page.getByRole('region', { name: text.heading });
    const answer = messagesRegion.getByRole('listitem').filter({ hasText: 'Vamos con un carrito de bebé' });
    await answer.waitFor();
    await answer.getByText(`${text.direction.in} · WhatsApp · ${text.kind.answer}`).waitFor();
    await answer.getByText(text.outcome.message).waitFor();
    await messagesRegion.getByRole('listitem').filter({ hasText: 'Tu reserva está confirmada.' }).getByText(text.status.read).waitFor();

    const box = messagesRegion.getByRole('textbox', { name: text.replyLabel.whatsapp });
    await box.fill('Sin problema, os dejamos sitio.');
    const send = messagesRegion.getByRole('button', { name: text.send });
    expect((await send.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await send.click();
    const reply = messagesRegion.getByRole('listitem').filter({ hasText: 'Sin problema, os dejamos sitio.' });
    await reply.getByText(new RegExp(`^${text.statusLabel}: (${text.status.queued}|${text.status.sent}|${text.status.delivered}|${text.status.failed})`)).waitFor();
    await reply.getByText(`${text.direction.out} · WhatsApp · ${text.kind.staff_reply}`).waitFor();
    expect(await box.inputValue()).toBe('');
    const queued = await db().select().from(guestMessages).where(and(eq(guestMessages.reservationId, row.id), eq(guestMessages.kind, 'staff_reply')));
    expect(queued.map((message) => [message.direction, message.phoneE164, message.body])).toEqual([['out', '+34612345678', 'Sin problema, os dejamos sitio.']]);
  });

  it("says the WhatsApp window has closed and offers the chat link instead of a reply box", async () => {
    const row = await bookingWithAnswer('Pablo Ventana', null, '+34698765432');
    await db().update(guestMessages).set({ createdAt: new Date(Date.now() - 26 * HOUR) }).where(and(eq(guestMessages.reservationId, row.id), eq(guestMessages.direction, 'in')));
    const page = await suite.openAdmin('/admin', LAPTOP);
    const rowButton = page.getByRole('button', { name: 'Pablo Ventana', exact: true });
    await rowButton.waitFor();
    expect(await rowButton.getByText(staffMessages.admin.today.guestConfirmed).count()).toBe(0);
    await openBooking(page, 'Pablo Ventana');
    const messagesRegion = page.getByRole('region', { name: text.heading });
    await messagesRegion.getByText(text.windowClosed, { exact: true }).waitFor();
    await messagesRegion.getByRole('link', { name: staffMessages.admin.manualReservation.whatsappLink }).waitFor();
    expect(await messagesRegion.getByRole('textbox').count()).toBe(0);
  });
});
