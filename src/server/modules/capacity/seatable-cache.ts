// The guest form asks a date's availability on every date it shows; in 'Por mesas' its table part (which party sizes
// each time can seat, which zones may be preferred) only changes when a booking, a table, a zone, a combination or
// the settings change. It is kept until any instance records such a change.
// Bookings never read it: they are checked on fresh rows, under the date's lock.
import type { LiveTable } from '@shared/schemas/api.ts';
import { type ChangeCache, changeCache } from '../../platform/change-cache.ts';
import type { ChangeBus } from '../../platform/events.ts';

// An open waitlist offer holds a place like a booking (issue 23): its changes are the waitlist's; so does a booking
// waiting for its card (issue 45).
export const FLOOR_TABLES: ReadonlySet<LiveTable> = new Set([
  'reservations',
  'reservation_tables',
  'tables',
  'zones',
  'table_combinations',
  'restaurant_config',
  'waitlist_entries',
  'guarantee_holds',
]);

export type SeatableCache = ChangeCache;

export const seatableCache = (changes: ChangeBus): SeatableCache => changeCache(changes, FLOOR_TABLES);
