import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { pushSubscriptions } from '../../db/schema.ts';
import { DeliveryWorker, type DeliveryWorkerOptions } from '../../platform/delivery-worker.ts';
import type { VapidKeys } from './keys.ts';
import { PUSH_CHANNEL } from './service.ts';

interface QueuedPush {
  subscription_id: string;
  payload: unknown;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Sends push_outbox rows as encrypted Web Push messages (RFC 8291) signed with VAPID (RFC 8292). */
export class PushWorker extends DeliveryWorker<QueuedPush> {
  constructor(options: DeliveryWorkerOptions & { vapid: VapidKeys }) {
    const { db } = options.database;
    super(options, {
      table: 'push_outbox',
      channel: PUSH_CHANNEL,
      columns: `subscription_id, payload,
        (select endpoint from push_subscriptions s where s.id = subscription_id) as endpoint,
        (select p256dh from push_subscriptions s where s.id = subscription_id) as p256dh,
        (select auth from push_subscriptions s where s.id = subscription_id) as auth`,
      async deliver(push) {
        try {
          await webpush.sendNotification(
            { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
            JSON.stringify(push.payload),
            {
              vapidDetails: options.vapid,
              TTL: 60 * 60,
              urgency: 'high',
              timeout: 10_000,
            },
          );
        } catch (error) {
          // The browser unsubscribed or the subscription expired: it will never work again.
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, push.subscription_id));
            return 'abandon';
          }
          throw error;
        }
        await db.update(pushSubscriptions).set({ lastSuccessAt: options.clock.now() }).where(eq(pushSubscriptions.id, push.subscription_id));
        return 'sent';
      },
    });
  }
}
