// Staff texts the server raises for the lazy reservation dialogs: /admin's first load skips them.

export const staffReservationMessages = {
  /** A manual booking whose guest already has an overlapping stay that day: 'Guardar igualmente' books it anyway. */
  duplicateWarning: 'Este cliente ya tiene una reserva ese día a las {time}.',
};
