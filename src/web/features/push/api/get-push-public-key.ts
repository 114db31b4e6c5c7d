import { pushPublicKeySchema, type PushPublicKey } from '@shared/schemas/push';
import { apiFetch } from '@web/lib/api';

/** GET /api/admin/push/public-key: asked once, at activation, so it has no query of its own. */
export function getPushPublicKey(signal?: AbortSignal): Promise<PushPublicKey> {
  return apiFetch('/api/admin/push/public-key', { schema: pushPublicKeySchema, signal });
}
