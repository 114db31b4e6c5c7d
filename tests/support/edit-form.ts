import type { ReservationRow } from '../../src/server/modules/reservations/admin-queries.ts';

/** 'Editar reserva' as staff submit it (PATCH /api/admin/reservations/:id), from the booking's current values. */
export const editFormOf = (row: ReservationRow, changes: Record<string, unknown> = {}) => ({
  customerName: row.customerName,
  customerPhone: row.customerPhone,
  customerEmail: row.customerEmail ?? '',
  numberOfPeople: row.numberOfPeople,
  reservationDate: row.reservationDate,
  reservationTime: row.reservationTime,
  notes: row.adminNotes ?? '',
  revision: row.revision,
  ...changes,
});
