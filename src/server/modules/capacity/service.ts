// Capacity (issue 42, decision 036): the one owner of "can this party have this time". The mode is chosen once
// (capacityFor), the locks of a date are taken in one order (locks.ts), what holds capacity is read in one place
// (holds.ts), covers pacing is one layer over both modes, and the floor decides in 'Por mesas'.

export { type Capacity, type CapacityConfig, capacityFor } from './mode.ts';
export { DATE_LOCK_ORDER, type DateLocks, guestLockExpression, lockDate } from './locks.ts';
export { lockFloorForRequest, place, placeForStaff, type Placement } from './placement.ts';
export { capacityReasons, largestOnlineParty, neverSeats, slots, slotsOfDays } from './slots.ts';
export { FLOOR_TABLES, type SeatableCache, seatableCache } from './seatable-cache.ts';
// The floor, for the tables module's seating and the reservations module's walk-ins.
export { findTables, holdTables, lockFloorDate, seatIfUnseated, type TableRequest } from './floor.ts';
// Each table's state for a booking's time ('Cambiar mesa', the manual booking), and the holders seating refuses over.
export { seatingReservationColumns, stayRule, tableHoldersNear, tableStates, type TableStatesRequest } from './table-states.ts';
// The covers each time of a date holds (the manual form's times).
export { coversHeldOn } from './holds.ts';
// Covers pacing, for the reservations module's writes and staff's covers view.
export {
  type CoversRequest,
  dayPacing,
  lockCoversDate,
  manualPacingWarning,
  type ReplacedReservation,
  withCoversChecked,
  withCoversCounted,
} from './pacing.ts';
