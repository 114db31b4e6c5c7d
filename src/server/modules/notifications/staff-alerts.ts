// What staff hear of a reservation: the 'Nueva reserva' email to each staff address, and the staff pushes.
import { CLIENT_NOTE_PREFIX } from '@shared/limits.ts';
import { formatMessage } from '@shared/messages.ts';
import { selfServiceMessages } from '@shared/guest-messages/self-service.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { staffEmailMessages } from '@shared/staff-messages/emails.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import { staffDateTime } from '@shared/rules/staff-dates.ts';
import type { restaurantConfig, reservations } from '../../db/schema.ts';
import type { NewEmail } from '../../platform/outbox.ts';
import type { PushPayload } from '../push/service.ts';
import type { EmailContent } from './email-layout.ts';
import { email, type EmailReservation, text } from './email-parts.ts';

type Config = typeof restaurantConfig.$inferSelect;
type Reservation = typeof reservations.$inferSelect;

const m = staffEmailMessages;

/** admin_email and the optional extra address, each once. */
export function staffRecipients(config: Pick<Config, 'adminEmail' | 'additionalReportEmail'>): string[] {
  return [config.adminEmail, config.additionalReportEmail].filter(
    (address, index, all): address is string => Boolean(address) && all.indexOf(address) === index,
  );
}

/** One email per staff address (admin_email and the optional extra one). */
export function staffNewReservationEmails(config: Config, reservation: EmailReservation, adminUrl: string): NewEmail[] {
  const status = reservation.status === 'confirmed' ? m.staffStatusConfirmed : m.staffStatusPending;
  const content: EmailContent = {
    heading: m.headings.staffNewReservation,
    audience: 'staff',
    blocks: [
      text(formatMessage(m.staffIntro, { status })),
      {
        kind: 'details',
        rows: [
          [m.details.name, reservation.customerName],
          [m.details.date, staffDateTime(reservation.reservationDate, reservation.reservationTime)],
          [m.details.people, reservation.numberOfPeople],
          [m.details.phone, reservation.customerPhone ?? '—'],
          [m.details.email, reservation.customerEmail ?? '—'],
          [m.details.note, clientNote(reservation.adminNotes) ?? staffMessages.admin.today.noNotes],
        ],
      },
      text(formatMessage(m.staffManage, { url: adminUrl })),
    ],
  };
  const subject = formatMessage(m.staffSubject, {
    name: reservation.customerName,
    when: staffDateTime(reservation.reservationDate, reservation.reservationTime),
  });
  return staffRecipients(config).map((to) =>
    email({ kind: 'staff_new_reservation', to, subject, content, reservationId: reservation.id }, config),
  );
}

function clientNote(notes: string | null): string | null {
  if (!notes) return null;
  return notes.startsWith(CLIENT_NOTE_PREFIX) ? notes.slice(CLIENT_NOTE_PREFIX.length).trim() : notes;
}

/** Who is coming, when and how many: a reservation, or a party on the waitlist at its preferred time. */
export type PartyOfPush = Pick<Reservation, 'customerName' | 'reservationDate' | 'reservationTime' | 'numberOfPeople'>;

/** A staff alert's line about a party: who, when, how many. */
export function partyPushLine(party: PartyOfPush): string {
  return formatMessage(m.pushReservationLine, {
    name: party.customerName,
    date: formatLongDate(party.reservationDate),
    time: party.reservationTime,
    people: party.numberOfPeople,
  });
}

/** A staff alert about one reservation: who, when, how many. */
function staffPush(title: string, reservation: PartyOfPush): PushPayload {
  return {
    title,
    message: partyPushLine(reservation),
    url: '/admin',
    reservationData: {
      customerName: reservation.customerName,
      reservationDate: reservation.reservationDate,
      reservationTime: reservation.reservationTime,
      numberOfPeople: reservation.numberOfPeople,
    },
  };
}

/** The staff's alert when a guest cancels from the private page. */
export const guestCancelledPush = (reservation: Reservation) => staffPush(selfServiceMessages.pushCancelledTitle, reservation);

/** The staff's 'Nueva reserva' alert. */
export const newReservationPush = (reservation: Reservation) => staffPush(staffEmailMessages.headings.staffNewReservation, reservation);

/** A guest wrote back by WhatsApp or SMS (about a booking or a waitlist offer): their words, for staff to answer. */
export function guestMessagePush(reservation: PartyOfPush, text: string): PushPayload {
  const alert = staffPush(formatMessage(staffEmailMessages.pushGuestMessageTitle, { name: reservation.customerName }), reservation);
  return { ...alert, message: text.length > 200 ? `${text.slice(0, 199)}…` : text };
}
