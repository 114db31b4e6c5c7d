import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pushSubscriptionBodySchema, type PushSubscriptionBody } from '@shared/schemas/push';
import { apiFetch } from '@web/lib/api';
import {
  base64UrlToBytes,
  isPushSupported,
  PushActivateError,
  PushSetupError,
  registerServiceWorker,
  subscribeBrowser,
} from '../push-browser';
import { getPushPublicKey } from './get-push-public-key';
import { pushSubscriptionQueryKey } from './get-push-subscription';

/** POST /api/admin/push/subscription (201). */
export async function savePushSubscription(body: PushSubscriptionBody): Promise<void> {
  await apiFetch('/api/admin/push/subscription', { method: 'POST', body });
}

/** The whole activation: worker, server key, permission, browser subscription, then the server's copy. */
async function activatePush(): Promise<void> {
  if (!isPushSupported()) throw new PushSetupError('push unsupported');
  const registration = await registerServiceWorker();

  let applicationServerKey: Uint8Array<ArrayBuffer>;
  try {
    applicationServerKey = base64UrlToBytes((await getPushPublicKey()).publicKey);
  } catch {
    throw new PushSetupError('no public key');
  }

  const subscription = await subscribeBrowser(registration, applicationServerKey);
  const body = pushSubscriptionBodySchema.safeParse(subscription.toJSON());
  if (!body.success) throw new PushActivateError('incomplete subscription');
  try {
    await savePushSubscription(body.data);
  } catch {
    throw new PushActivateError('server refused the subscription');
  }
}

export function useActivatePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePush,
    onSuccess: () => {
      queryClient.setQueryData(pushSubscriptionQueryKey, { subscribed: true });
    },
  });
}
