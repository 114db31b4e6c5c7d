import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DehydratedState } from '@tanstack/react-query';
import { AppTree } from './app-tree';
import { hydrationLanguage } from './lib/i18n/guest-language';
import { queryClient, startFromServerState } from './lib/query-client';
import { takeServerPage } from './lib/server-page';
import { AppRouter, preloadServerPage } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

// A page the server rendered with its data (decisions 024, 060) is hydrated from that same data, time and language,
// once its chunks are in (so that hydration never suspends); any other is rendered. Either in a transition, so that
// the work is time-sliced: the page answers input while React catches up. A page rendered in a language whose texts
// this browser has not loaded (the guest chose another one here before) is rendered anew: still inert until then.
const serverPage = takeServerPage(container);
const language = serverPage && hydrationLanguage(serverPage.language);
const app = (
  <AppTree client={queryClient} renderedAt={serverPage?.renderedAt ?? null} language={language ?? undefined}>
    <AppRouter />
  </AppTree>
);

if (serverPage) startFromServerState(serverPage.state as DehydratedState);
if (serverPage && language) {
  const hydrate = () => startTransition(() => void hydrateRoot(container, app));
  preloadServerPage(window.location.pathname).then(hydrate, hydrate);
} else {
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
