import { lazy, Suspense } from 'react';
import { Spinner } from '@web/components/ui/spinner';

// The charts library is large: it is its own chunk, fetched the first time Estadísticas opens.
const StatisticsView = lazy(() => import('./statistics-view').then((m) => ({ default: m.StatisticsView })));

/** Historial's Estadísticas section. */
export function StatisticsSection() {
  return (
    <Suspense fallback={<Spinner className="py-2 text-muted-foreground" />}>
      <StatisticsView />
    </Suspense>
  );
}
