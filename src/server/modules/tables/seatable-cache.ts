// The guest form asks a date's availability on every date it shows; in 'Por mesas' its table part (which party sizes
// each time can seat, which zones may be preferred) only changes when a booking, a table, a zone, a combination or
// the settings change. It is kept until any instance records such a change (the change bus hears them all, through
// LISTEN/NOTIFY).
// Bookings never read it: they are checked on fresh rows, under the date's lock.
import type { LiveTable } from '@shared/schemas/api.ts';
import type { ChangeBus } from '../../platform/events.ts';

// An open waitlist offer holds a place like a booking (issue 23): its changes are the waitlist's.
const FLOOR_TABLES: ReadonlySet<LiveTable> = new Set([
  'reservations',
  'reservation_tables',
  'tables',
  'zones',
  'table_combinations',
  'restaurant_config',
  'waitlist_entries',
]);

export interface SeatableCache {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

export function seatableCache(changes: ChangeBus): SeatableCache {
  const entries = new Map<string, Promise<unknown>>();
  let generation = 0;
  changes.watch((event) => {
    if (event !== 'resync' && !FLOOR_TABLES.has(event.table)) return;
    generation += 1;
    entries.clear();
  });
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const cached = entries.get(key) as Promise<T> | undefined;
      if (cached) return cached;
      const started = generation;
      const result = compute();
      entries.set(key, result);
      // A change heard while computing may not be in the result: it is then used once and not kept.
      const forget = () => {
        if (entries.get(key) === result) entries.delete(key);
      };
      result.then(() => started !== generation && forget(), forget);
      return result;
    },
  };
}
