import type { Transaction } from '../../db/client.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import { emailGuaranteeOf, guestStatusEmail } from '../notifications/service.ts';
import { guestEmailExtras } from '../private-links/service.ts';
import { getNotificationSettings, getRestaurantConfig } from '../settings/service.ts';
import type { ReservationRow } from './admin-queries.ts';
import { heldEmail, type UndoHold } from './undo-service.ts';

/**
 * The guest's email after a staff status change (confirmed, cancelled), queued in the change's transaction; held
 * for 'Deshacer' when the change can be undone.
 */
export async function notifyGuestOfStatus(
  tx: Transaction,
  reservation: ReservationRow,
  publicUrl: URL | undefined,
  now: Date,
  hold: UndoHold | null,
): Promise<void> {
  if (!(await getNotificationSettings(tx)).emailNotificationsEnabled) return;
  const config = await getRestaurantConfig(tx);
  const guarantee = await emailGuaranteeOf(tx, reservation, now);
  const email = guestStatusEmail(config, { ...reservation, guarantee }, guestEmailExtras(config, reservation, publicUrl, now));
  if (email) await enqueueEmail(tx, heldEmail(email, hold));
}
