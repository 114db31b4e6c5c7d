// What other modules may use of reservations: reading a reservation row and changing its status (`transition`, the
// one path: decision 034), the change-request rules of decision 017 and placing a guest's request (the self-service
// page), and the effects of a closure on the bookings it hits (the routes that block days and change hours); the
// waitlist's bookings and walk-ins; a booking's card guarantee as the staff lists read it (the private page too);
// the no-show risk of bookings still to come (the guest data export).
export { findForUpdate, type ReservationRow } from './admin-queries.ts';
export { transition } from './transition.ts';
export { cancelPendingChanges, findReplaced, lockWithOriginal, replacedBy, wasReplaced } from './change-requests.ts';
export { calendarIdentity } from './change-chain.ts';
export { clientNote, isSameGuestAndSlot, placeOrHoldRequest, placeRequest } from './public-service.ts';
export type { GuaranteeGate, GuaranteeHold, HeldRequest } from './guarantee-gate.ts';
export { HELD_RESPONSE, heldAnswer } from './guarantee-gate.ts';
export { placeManualReservation, placeStaffBooking, type StaffBookingPlaced } from './admin-service.ts';
export { notifyGuestOfStatus } from './guest-notices.ts';
export { activeSlotsOfGuests, guestSlotKey, undoImportedBookings } from './import-service.ts';
export { seatWalkInNow } from './walk-in-service.ts';
export { findReservation } from './public-queries.ts';
export { guaranteeSummaries } from './guarantee-queries.ts';
export { noShowRisks } from './risk.ts';
export { chargeReason, guestCancelledInTime } from './charge-reason.ts';
export { type Actor, changedFields, logChange, staffActor } from './change-log.ts';
export { type ClosureScope, closureEffectsOf, withClosureEffects } from './closure-effects.ts';
