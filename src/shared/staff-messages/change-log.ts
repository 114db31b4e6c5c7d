// Texts of a booking's 'Historial de cambios' dialog (issue 19), loaded with it; its button's label stays in the first
// screen's catalogue. Same conventions as staff-messages.ts.
import { staffMessages } from '../staff-messages.ts';

export const changeLogMessages = {
  ...staffMessages.admin.changeLog,
  title: 'Historial de cambios',
  description: 'Quién cambió esta reserva, qué y cuándo.',
  empty: 'Sin cambios registrados.',
  guest: 'El cliente',
  /** A change an integration made through /api/v1 (issue 48), by its key's name. */
  apiKey: 'Clave de API «{name}»',
  entry: '{when} · {who}',
  override: 'Guardada igualmente, con el restaurante cerrado o por encima del máximo de cubiertos',
  actions: {
    created: 'Reserva creada',
    status: 'Cambio de estado',
    arrival: 'Llegada',
    edited: 'Reserva editada',
    undone: 'Cambio deshecho',
  },
  fields: {
    status: 'Estado',
    cancellationReason: 'Motivo',
    arrivalStatus: 'Llegada',
    customerName: 'Nombre',
    customerPhone: 'Teléfono',
    customerEmail: 'Email',
    numberOfPeople: 'Personas',
    reservationDate: 'Fecha',
    reservationTime: 'Hora',
    adminNotes: 'Nota',
    billCents: 'Importe de la cuenta',
    tables: 'Mesas',
  },
  change: '{field}: {before} → {after}',
  none: '—',
};
