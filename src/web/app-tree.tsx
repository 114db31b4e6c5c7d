import { StrictMode, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RenderTimeContext } from './lib/render-time';

/**
 * What surrounds the app's router, in the browser (app.tsx) and in the server's prerender (web/ssr) alike: hydration
 * matches only when both render the same tree.
 */
export function AppTree({ client, renderedAt, children }: { client: QueryClient; renderedAt: number | null; children: ReactNode }) {
  return (
    <StrictMode>
      <RenderTimeContext value={renderedAt}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </RenderTimeContext>
    </StrictMode>
  );
}
