// The guest hears of a booking that waited for its card and was not made (issue 45), in the transaction that ends
// its hold: the time ran out, or a card saved too late found the place taken. A guest who gave the request up, or
// whose payment page could not be opened, read it on screen at that moment (decision 041).
import type { Transaction } from '../../db/client.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import { bookingNotMadeEmail, type NotMadeReason } from '../notifications/service.ts';
import type { HeldRequest } from '../reservations/service.ts';
import { getNotificationSettings, getRestaurantConfig } from '../settings/service.ts';

export async function notifyBookingNotMade(
  tx: Transaction,
  publicUrl: URL,
  request: HeldRequest | null,
  reason: NotMadeReason,
  now: Date,
): Promise<void> {
  if (!request?.customerEmail || !(await getNotificationSettings(tx)).emailNotificationsEnabled) return;
  const config = await getRestaurantConfig(tx);
  await enqueueEmail(tx, bookingNotMadeEmail(config, request, request.customerEmail, reason, publicUrl), now);
}
