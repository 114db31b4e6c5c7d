import type { Transaction } from '../../db/client.ts';
import { reservationNotice, sendGuestNotice } from '../messaging/service.ts';
import { emailGuaranteeOf, guestStatusEmail } from '../notifications/service.ts';
import { guestEmailExtras } from '../private-links/service.ts';
import { getNotificationSettings, getRestaurantConfig } from '../settings/service.ts';
import type { ReservationRow } from './admin-queries.ts';
import { calendarIdentity, replacedBooking } from './change-chain.ts';
import { heldDelivery, heldEmail, type UndoHold } from './undo-service.ts';

/**
 * What the guest hears after a status change (confirmed, cancelled), queued in the change's transaction: by the
 * channel they chose (issue 46) or by email; held for 'Deshacer' when the change can be undone.
 */
export async function notifyGuestOfStatus(
  tx: Transaction,
  reservation: ReservationRow,
  publicUrl: URL | undefined,
  now: Date,
  hold: UndoHold | null,
): Promise<void> {
  const kind = reservation.status === 'confirmed' ? 'confirmation' : reservation.status === 'cancelled' ? 'cancellation' : null;
  if (!kind) return;
  const config = await getRestaurantConfig(tx);
  let email = null;
  if ((await getNotificationSettings(tx)).emailNotificationsEnabled) {
    const guarantee = await emailGuaranteeOf(tx, reservation, now);
    // A guest's change confirmed names the booking it replaces, and keeps its calendar event (issue 50).
    const replaces = kind === 'confirmation' ? await replacedBooking(tx, reservation) : null;
    const extras = guestEmailExtras(config, { ...reservation, calendarEvent: await calendarIdentity(tx, reservation) }, publicUrl, now);
    email = guestStatusEmail(config, { ...reservation, guarantee, replaces }, extras);
  }
  await sendGuestNotice(
    tx,
    reservationNotice(kind, reservation, { restaurant: config.name, email: email && heldEmail(email, hold), publicUrl, held: heldDelivery(hold) }),
    now,
  );
}
