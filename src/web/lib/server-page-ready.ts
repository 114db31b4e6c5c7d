import { useEffect } from 'react';

/**
 * Rendered where a server-rendered page ends its hydration (the admin tab's content, or the error screen): React
 * hydrates each Suspense boundary in its own later pass, so the page is usable once the innermost one has committed.
 * #root was `inert` until then.
 */
export function ServerPageReady(): null {
  useEffect(() => document.getElementById('root')?.removeAttribute('inert'), []);
  return null;
}
