// sonner loads with the first toast, not with any page: the guest's landing page shows one only after the guest
// acts, and /admin's initial JavaScript has a budget too (PERFORMANCE.md). A toast shown before its Toaster subscribes is not lost:
// sonner replays the active toasts to a new Toaster.
import { type ReactNode, useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

type Sonner = typeof SonnerModule;
type ToastKind = 'success' | 'error' | 'warning';
/** A toast sonner could not show: its chunk failed to load (a server restarting: decision 033). */
type FailedToast = { title: string; options?: ExternalToast };

let state: { sonner?: Sonner; failed?: FailedToast } = {};
const listeners = new Set<() => void>();

function update(next: typeof state): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Renders nothing until a toast is asked for; then sonner's Toaster, for good. While sonner's chunk cannot be
 * loaded, the last toast asked for is shown plainly in its place, and the next toast tries the chunk again.
 */
export function LazyToaster() {
  const { sonner, failed } = useSyncExternalStore(subscribe, () => state, () => state);
  if (sonner) return <sonner.Toaster richColors position="top-center" />;
  if (!failed) return null;
  return (
    <div role="alert" className="fixed inset-x-4 top-4 z-50 mx-auto max-w-sm rounded-md border bg-card p-4 text-sm shadow-lg">
      <p className="font-semibold">{failed.title}</p>
      <p>{failed.options?.description as ReactNode}</p>
    </div>
  );
}

async function show(kind: ToastKind, title: string, options?: ExternalToast): Promise<void> {
  let sonner: Sonner;
  try {
    sonner = await import('sonner');
  } catch {
    return update({ failed: { title, options } });
  }
  if (!state.sonner) update({ sonner });
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
  /** Closes the toast shown with that id (sonner's, or the plain one shown in its place). */
  dismiss: (id: string) => {
    state.sonner?.toast.dismiss(id);
    if (state.failed?.options?.id === id) update({});
  },
};
