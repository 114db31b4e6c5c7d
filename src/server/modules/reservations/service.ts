// What other modules (the guest's self-service page) may use of reservations: reading and updating a reservation
// row, the change-request rules of decision 017 and placing a guest's request.
export { findForUpdate, type ReservationRow, updateReservation } from './admin-queries.ts';
export { cancelPendingChanges, findReplaced, lockWithOriginal, replacedBy } from './change-requests.ts';
export { placeRequest } from './public-service.ts';
export { findReservation } from './public-queries.ts';
export { changedFields, logChange } from './change-log.ts';
