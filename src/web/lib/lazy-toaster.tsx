// sonner loads with the first page that can show a toast, not with the guest's landing page, which shows one only
// after the guest acts (PERFORMANCE.md, guest page weight). A toast shown before its Toaster subscribes is not lost:
// sonner replays the active toasts to a new Toaster.
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

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

/** Renders nothing until a toast is asked for or `eager` is set; then sonner's Toaster, for good. */
export function LazyToaster({ eager }: { eager: boolean }) {
  const isMounted = useSyncExternalStore(subscribe, () => mounted);
  useEffect(() => {
    if (eager) mountToaster();
  }, [eager]);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster richColors position="top-center" />
    </Suspense>
  );
}

export type ToastKind = 'success' | 'error';

/** A toast from a screen that does not import sonner itself: sonner and the Toaster come with the first one. */
export async function showToast(kind: ToastKind, title: string, description: string): Promise<void> {
  mountToaster();
  const { toast } = await import('sonner');
  toast[kind](title, { description });
}
