// The restaurant's capacity mode (Configuración › Reservas), decided here once: every other module asks the
// Capacity it is given instead of comparing config.capacityMode (a lint rule keeps it so: tests/lint).
import { type TurnTimes, turnMinutes } from '@shared/rules/table-capacity.ts';
import type { getRestaurantConfig } from '../settings/service.ts';

export type CapacityConfig = Awaited<ReturnType<typeof getRestaurantConfig>>;

export interface Capacity {
  /**
   * 'Por mesas': a guest is offered a time, and a request accepted, only when a table or combination is free for the
   * whole stay, and is seated there at once; staff bookings and changes are seated by the engine, and tables joined
   * outside a combination are worth a warning. 'Por cubiertos': tables are staff's business alone.
   */
  assignsTables: boolean;
  /** The turn times by party size that decide a stay ('Por mesas'); null when the spec's duración does. */
  turnTimes: TurnTimes | null;
  /** How long a party holds its place and its tables. */
  stayMinutes(party: number): number;
}

export function capacityFor(config: CapacityConfig): Capacity {
  if (config.capacityMode === 'tables') {
    const turnTimes: TurnTimes = {
      upTo2: config.turnMinutesUpTo2,
      upTo4: config.turnMinutesUpTo4,
      upTo6: config.turnMinutesUpTo6,
      more: config.turnMinutesMore,
    };
    return { assignsTables: true, turnTimes, stayMinutes: (party) => turnMinutes(turnTimes, party) };
  }
  return { assignsTables: false, turnTimes: null, stayMinutes: () => config.reservationDurationMinutes };
}
