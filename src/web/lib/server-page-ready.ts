import { useEffect } from 'react';

let markHydrated: () => void = () => undefined;

/**
 * Resolves once a page the server rendered (decision 024) is hydrated, at once for a page the browser rendered: what
 * refreshes the whole page (the live stream's `ready`) waits for it, so that it refreshes mounted queries in the
 * background rather than making each part refetch, and render again, as it hydrates.
 */
export const pageHydrated = new Promise<void>((resolve) => (markHydrated = resolve));
if (typeof document !== 'undefined' && !document.getElementById('root')?.hasAttribute('inert')) markHydrated();

/**
 * Rendered where a server-rendered page ends its hydration (the admin tab's content, or the error screen): React
 * hydrates each Suspense boundary in its own later pass, so the page is usable once the innermost one has committed.
 * #root was `inert` until then.
 */
export function ServerPageReady(): null {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('inert');
    markHydrated();
  }, []);
  return null;
}
