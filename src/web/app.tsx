import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DehydratedState } from '@tanstack/react-query';
import { AppTree } from './app-tree';
import { queryClient, startFromServerState } from './lib/query-client';
import { takeServerPage } from './lib/server-page';
import { AppRouter, preloadServerPage } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

// A page the server rendered with its data (decision 024) is hydrated from that same data and time, once its chunks
// are in (so that hydration never suspends); any other is rendered. Either in a transition, so that the work is
// time-sliced: the page answers input while React catches up.
const serverPage = takeServerPage(container);
const app = (
  <AppTree client={queryClient} renderedAt={serverPage?.renderedAt ?? null}>
    <AppRouter />
  </AppTree>
);

if (serverPage) {
  startFromServerState(serverPage.state as DehydratedState);
  const hydrate = () => startTransition(() => void hydrateRoot(container, app));
  preloadServerPage(window.location.pathname).then(hydrate, hydrate);
} else {
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
