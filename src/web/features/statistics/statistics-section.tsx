import { Suspense } from 'react';
import { Spinner } from '@web/components/ui/spinner';
import { preloadableLazy } from '@web/lib/preloadable-lazy';

// The charts library is large: it is its own chunk, fetched the first time Estadísticas opens.
const StatisticsView = preloadableLazy(() => import('./statistics-view').then((m) => ({ default: m.StatisticsView })));

/** Historial's Estadísticas section. */
export function StatisticsSection() {
  return (
    <Suspense fallback={<Spinner className="py-2 text-muted-foreground" />}>
      <StatisticsView />
    </Suspense>
  );
}
