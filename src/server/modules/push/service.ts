import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StaffRole } from '@shared/rules/permissions.ts';
import { getNotificationSettings } from '../settings/service.ts';
import type { Executor } from '../../db/client.ts';
import { pushOutbox, pushSubscriptions, userRoles } from '../../db/schema.ts';

export const PUSH_CHANNEL = 'mesa_push';

export interface PushPayload {
  title: string;
  message: string;
  url: string;
  reservationData?: { customerName: string; reservationDate: string; reservationTime: string; numberOfPeople: number };
}

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Stores (or re-assigns to this user) a browser's subscription, tagged with the admin role. */
export async function saveSubscription(db: Executor, userId: string, input: SubscriptionInput, userAgent: string | null) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, role: 'admin', endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent },
    });
}

export async function deleteSubscription(db: Executor, userId: string, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

export async function isSubscribed(db: Executor, userId: string, endpoint: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
  return row !== undefined;
}

/** Queues the payload for every admin's subscriptions, in the caller's transaction, when push is switched on. */
/** `settings`: the switches when the caller has read them already. */
export const enqueuePushToAdmins = (tx: Executor, payload: PushPayload, settings?: { pushNotificationsEnabled: boolean }) =>
  enqueuePushToRoles(tx, payload, ['admin'], settings);

/** The same for the subscriptions of every account holding one of `roles` (each device once). */
export async function enqueuePushToRoles(
  tx: Executor,
  payload: PushPayload,
  roles: readonly StaffRole[],
  settings?: { pushNotificationsEnabled: boolean },
): Promise<number> {
  if (!(settings ?? (await getNotificationSettings(tx))).pushNotificationsEnabled) return 0;
  const subscriptions = await tx
    .selectDistinct({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .innerJoin(userRoles, and(eq(userRoles.userId, pushSubscriptions.userId), inArray(userRoles.role, [...roles])));
  if (subscriptions.length === 0) return 0;
  await tx.insert(pushOutbox).values(subscriptions.map((subscription) => ({ subscriptionId: subscription.id, payload })));
  await tx.execute(sql`select pg_notify(${PUSH_CHANNEL}, '')`);
  return subscriptions.length;
}
