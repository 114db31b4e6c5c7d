// The emails a reservation causes. Texts come from restaurant_config, so the owner's wording is what guests read.
import { CLIENT_NOTE_PREFIX } from '@shared/limits.ts';
import { fillTemplate, formatLongDate } from '@shared/rules/templates.ts';
import type { restaurantConfig, reservations } from '../../db/schema.ts';
import type { NewEmail } from '../../platform/outbox.ts';
import type { PushPayload } from '../push/service.ts';

type Config = typeof restaurantConfig.$inferSelect;
type Reservation = typeof reservations.$inferSelect;

const signature = (config: Config) => `\n\n${config.name}`;

/** The guest's first email: the welcome (pending) text, or the auto-confirmation text when it was confirmed at once. */
export function guestReceivedEmail(config: Config, reservation: Reservation): NewEmail | null {
  if (!reservation.customerEmail) return null;
  const autoConfirmed = reservation.status === 'confirmed';
  if (!autoConfirmed && !config.welcomeEmailEnabled) return null;
  const body = autoConfirmed
    ? `${fillTemplate(config.autoConfirmationMessage, reservation, config.name)}\n\n${details(reservation)}`
    : fillTemplate(config.welcomeEmailMessage, reservation, config.name);
  return {
    kind: autoConfirmed ? 'reservation_auto_confirmed' : 'reservation_welcome',
    to: reservation.customerEmail,
    subject: autoConfirmed ? `Reserva confirmada · ${config.name}` : config.welcomeEmailSubject,
    text: `${body}${signature(config)}`,
    reservationId: reservation.id,
  };
}

/** admin_email and the optional extra address, each once. */
export function staffRecipients(config: Pick<Config, 'adminEmail' | 'additionalReportEmail'>): string[] {
  return [config.adminEmail, config.additionalReportEmail].filter(
    (address, index, all): address is string => Boolean(address) && all.indexOf(address) === index,
  );
}

/** One email per staff address (admin_email and the optional extra one). */
export function staffNewReservationEmails(config: Config, reservation: Reservation, adminUrl: string): NewEmail[] {
  const recipients = staffRecipients(config);
  const status = reservation.status === 'confirmed' ? 'confirmada automáticamente' : 'pendiente de confirmar';
  return recipients.map((to) => ({
    kind: 'staff_new_reservation',
    to,
    subject: `Nueva reserva: ${reservation.customerName}, ${reservation.reservationDate} ${reservation.reservationTime}`,
    text: [
      `Nueva solicitud de reserva (${status}).`,
      '',
      details(reservation),
      `Teléfono: ${reservation.customerPhone}`,
      `Email: ${reservation.customerEmail ?? '—'}`,
      `Nota: ${clientNote(reservation.adminNotes) ?? 'Sin anotaciones adicionales'}`,
      '',
      `Gestiónala en ${adminUrl}`,
    ].join('\n'),
    reservationId: reservation.id,
  }));
}

function details(reservation: Reservation): string {
  return [
    `Nombre: ${reservation.customerName}`,
    `Fecha: ${formatLongDate(reservation.reservationDate)}`,
    `Hora: ${reservation.reservationTime}`,
    `Personas: ${reservation.numberOfPeople}`,
  ].join('\n');
}

function clientNote(notes: string | null): string | null {
  if (!notes) return null;
  return notes.startsWith(CLIENT_NOTE_PREFIX) ? notes.slice(CLIENT_NOTE_PREFIX.length).trim() : notes;
}

/** What the guest hears after a status change; completion sends nothing (the visit is over). */
export function guestStatusEmail(config: Config, reservation: Reservation): NewEmail | null {
  if (!reservation.customerEmail) return null;
  if (reservation.status === 'confirmed') {
    return {
      kind: 'reservation_confirmed',
      to: reservation.customerEmail,
      subject: `Reserva confirmada · ${config.name}`,
      text: `${fillTemplate(config.confirmationMessage, reservation, config.name)}\n\n${details(reservation)}${policy(config)}${signature(config)}`,
      reservationId: reservation.id,
    };
  }
  if (reservation.status === 'cancelled') {
    const reason = reservation.cancellationReason ? `\n\nMotivo: ${reservation.cancellationReason}` : '';
    return {
      kind: 'reservation_cancelled',
      to: reservation.customerEmail,
      subject: config.cancellationSubject,
      text: `${fillTemplate(config.cancellationMessage, reservation, config.name)}${reason}\n\n${details(reservation)}${signature(config)}`,
      reservationId: reservation.id,
    };
  }
  return null;
}

const policy = (config: Config) => (config.cancellationPolicy ? `\n\n${config.cancellationPolicy}` : '');

/** The staff's 'Nueva reserva' alert: who, when, how many. */
export function newReservationPush(reservation: Reservation): PushPayload {
  return {
    title: 'Nueva reserva',
    message: `${reservation.customerName} · ${formatLongDate(reservation.reservationDate)} a las ${reservation.reservationTime} · ${reservation.numberOfPeople} personas`,
    url: '/admin',
    reservationData: {
      customerName: reservation.customerName,
      reservationDate: reservation.reservationDate,
      reservationTime: reservation.reservationTime,
      numberOfPeople: reservation.numberOfPeople,
    },
  };
}
