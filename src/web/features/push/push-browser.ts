/** What the Push tab needs from the browser: the service worker, the push manager and the permission. */

export const SERVICE_WORKER_URL = '/service-worker.js';
// A worker that never activates would leave the button spinning for ever.
const SERVICE_WORKER_READY_TIMEOUT_MS = 10_000;

/** Configuration went wrong (no service worker, no server key): 'No se pudieron configurar…'. */
export class PushSetupError extends Error {
  override readonly name = 'PushSetupError';
}

/** Permission refused or the push service said no: 'No se pudieron activar…'. */
export class PushActivateError extends Error {
  override readonly name = 'PushActivateError';
}

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Registers /service-worker.js and waits until it is active, which pushManager.subscribe requires. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('service worker not ready')), SERVICE_WORKER_READY_TIMEOUT_MS);
    });
    try {
      return await Promise.race([navigator.serviceWorker.ready, timeout]);
    } finally {
      clearTimeout(timer);
    }
  } catch (error) {
    throw new PushSetupError(error instanceof Error ? error.message : 'service worker');
  }
}

/**
 * Registers the worker without waiting for it: it also serves /admin's offline page, so every signed-in visit
 * installs it, not only a visit to the Push tab. A browser without service workers just goes without.
 */
export function registerServiceWorkerInBackground(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
}

/** The subscription this browser already holds, if any; null when push is unsupported or anything fails. */
export async function currentBrowserSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await registerServiceWorker();
  return registration.pushManager.getSubscription();
}

/** Decodes a base64url VAPID key into the bytes applicationServerKey expects. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/(?<!=)=+$/, '');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, index) => byte === b[index]);
}

/**
 * Asks the permission and subscribes with the server's key. A subscription made with another key (the server's
 * keys were replaced) cannot be reused: the push service would refuse every message, so it is replaced.
 */
export async function subscribeBrowser(
  registration: ServiceWorkerRegistration,
  applicationServerKey: Uint8Array<ArrayBuffer>,
): Promise<PushSubscription> {
  let permission: NotificationPermission;
  try {
    permission = await Notification.requestPermission();
  } catch {
    throw new PushActivateError('permission request failed');
  }
  if (permission !== 'granted') throw new PushActivateError(`permission ${permission}`);

  try {
    const existing = await registration.pushManager.getSubscription();
    if (existing && sameBytes(existing.options.applicationServerKey, applicationServerKey)) return existing;
    if (existing) await existing.unsubscribe();
    return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  } catch (error) {
    throw new PushActivateError(error instanceof Error ? error.message : 'subscribe failed');
  }
}
