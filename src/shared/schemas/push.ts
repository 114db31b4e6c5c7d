import { z } from 'zod';

/** GET /api/admin/push/public-key: the VAPID public key, base64url. */
export const pushPublicKeySchema = z.object({ publicKey: z.string().min(1) });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** GET /api/admin/push/subscription?endpoint=…: whether this browser's subscription is stored. */
export const pushSubscriptionStatusSchema = z.object({ subscribed: z.boolean() });
export type PushSubscriptionStatus = z.infer<typeof pushSubscriptionStatusSchema>;

/** The body of POST /api/admin/push/subscription: what PushSubscription.toJSON() gives. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.string().min(1),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
