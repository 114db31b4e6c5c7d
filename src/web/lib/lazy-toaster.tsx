// sonner loads with the first toast, not with any page: the guest's landing page shows one only after the guest
// acts, and /admin's initial JavaScript has a budget too (PERFORMANCE.md). A toast shown before its Toaster subscribes is not lost:
// sonner replays the active toasts to a new Toaster.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

const SonnerToaster = lazy(() => import('sonner').then((sonner) => ({ default: sonner.Toaster })));

let mounted = false;
const listeners = new Set<() => void>();

function mountToaster(): void {
  if (mounted) return;
  mounted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Renders nothing until a toast is asked for; then sonner's Toaster, for good. */
export function LazyToaster() {
  const isMounted = useSyncExternalStore(subscribe, () => mounted, () => false);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster richColors position="top-center" />
    </Suspense>
  );
}

type ToastKind = 'success' | 'error' | 'warning';

async function show(kind: ToastKind, title: string, options?: ExternalToast): Promise<void> {
  mountToaster();
  const sonner = await import('sonner');
  sonner.toast[kind](title, options);
}

/**
 * sonner's toast for every screen, loaded with the first toast: neither the guest page nor /admin carries sonner in
 * its initial JavaScript (PERFORMANCE.md).
 */
export const toast = {
  success: (title: string, options?: ExternalToast) => void show('success', title, options),
  error: (title: string, options?: ExternalToast) => void show('error', title, options),
  warning: (title: string, options?: ExternalToast) => void show('warning', title, options),
  /** Closes the toast shown with that id, if sonner has loaded (no toast was shown otherwise). */
  dismiss: (id: string) => {
    if (mounted) void import('sonner').then((sonner) => sonner.toast.dismiss(id));
  },
};
