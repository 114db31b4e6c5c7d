import { StrictMode, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { type GuestLanguageState, RenderedLanguage } from './lib/i18n/guest-language';
import { RenderTimeContext } from './lib/render-time';

/**
 * What surrounds the app's router, in the browser (app.tsx) and in the server's prerender (web/ssr) alike: hydration
 * matches only when both render the same tree. `renderedAt` and `language`: the time and the guest language the server
 * rendered the page in (null and Spanish for a page the browser renders).
 */
export function AppTree({
  client,
  renderedAt,
  language,
  children,
}: {
  client: QueryClient;
  renderedAt: number | null;
  language?: GuestLanguageState;
  children: ReactNode;
}) {
  const tree = <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return (
    <StrictMode>
      <RenderTimeContext value={renderedAt}>{language ? <RenderedLanguage value={language}>{tree}</RenderedLanguage> : tree}</RenderTimeContext>
    </StrictMode>
  );
}
