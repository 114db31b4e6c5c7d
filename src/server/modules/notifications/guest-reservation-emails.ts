// The emails a reservation sends its guest: received (welcome or auto-confirmed), confirmed, cancelled, modified and
// the reminders. Texts come from restaurant_config, so the owner's wording is what guests read; the real path and the
// test notifications build each kind with the same function here.
import { formatText } from '@shared/i18n/format-text.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import type { TemplateKey } from '@shared/i18n/guest-email-texts.ts';
import type { REMINDER_KINDS, restaurantConfig } from '../../db/schema.ts';
import type { NewEmail } from '../../platform/outbox.ts';
import type { GuestEmailExtras } from '../private-links/service.ts';
import type { EmailBlock } from './email-layout.ts';
import {
  calendarAttachments,
  details,
  type EmailReservation,
  fill,
  guestEmail,
  type GuestReservation,
  introWithDetails,
  manageBlocks,
  text,
  type Wording,
  wordingFor,
} from './email-parts.ts';
import { guaranteeBlocks } from './guarantee-block.ts';

type Config = typeof restaurantConfig.$inferSelect;
type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The guest's first email: the welcome (pending) text, or the auto-confirmation text when it was confirmed at once. */
export function guestReceivedEmail(config: Config, reservation: EmailReservation, extras?: GuestEmailExtras): NewEmail | null {
  if (!reservation.customerEmail) return null;
  if (reservation.status === 'confirmed') return autoConfirmedEmail(config, reservation, reservation.customerEmail, extras);
  return config.welcomeEmailEnabled ? welcomeEmail(config, reservation, reservation.customerEmail, extras) : null;
}

function welcomeEmail(config: Config, reservation: GuestReservation, to: string, extras?: GuestEmailExtras): NewEmail {
  const wording = wordingFor(config, reservation);
  return guestEmail(config, wording, {
    kind: 'reservation_welcome',
    to,
    subject: wording.template('welcomeEmailSubject'),
    heading: wording.t.headings.welcome,
    blocks: [
      fill('welcomeEmailMessage', reservation, config, wording),
      ...(reservation.replaces ? [details(reservation, wording), ...changeBlocks(reservation, wording)] : []),
      ...guaranteeBlocks(reservation, wording),
      ...manageBlocks(extras, wording),
    ],
    reservationId: reservation.id,
    extras,
    markup: { reservation, status: 'pending' },
  });
}

/** A guest's change (issue 50): the booking it replaces, kept until the restaurant answers or replaced now. */
function changeBlocks(reservation: GuestReservation, { t, language }: Wording): EmailBlock[] {
  const replaced = reservation.replaces;
  if (!replaced) return [];
  const message = reservation.status === 'confirmed' ? t.change.confirmed : t.change.pending;
  const values = { date: formatLongDate(replaced.reservationDate, language), time: replaced.reservationTime, people: replaced.numberOfPeople };
  return [text(formatText(message, values, language))];
}

/**
 * A 'Reserva confirmada' email, by staff or automatic: the owner's text for that confirmation, the details, the
 * cancellation policy and the link.
 */
function confirmation(
  kind: 'reservation_confirmed' | 'reservation_auto_confirmed',
  message: TemplateKey,
  { config, reservation, to, extras }: { config: Config; reservation: GuestReservation; to: string; extras?: GuestEmailExtras },
): NewEmail {
  const wording = wordingFor(config, reservation);
  const { t, language } = wording;
  const cancellationPolicy = wording.template('cancellationPolicy');
  return guestEmail(config, wording, {
    kind,
    to,
    subject: formatText(t.confirmedSubject, { restaurant: config.name }, language),
    heading: t.headings.confirmed,
    blocks: [
      fill(message, reservation, config, wording),
      details(reservation, wording),
      ...changeBlocks(reservation, wording),
      ...(cancellationPolicy ? [text(cancellationPolicy)] : []),
      ...guaranteeBlocks(reservation, wording),
      ...manageBlocks(extras, wording),
    ],
    reservationId: reservation.id,
    extras,
    attachments: calendarAttachments(extras),
    markup: { reservation, status: 'confirmed' },
  });
}

export function autoConfirmedEmail(
  config: Config,
  reservation: GuestReservation,
  to: string,
  extras?: GuestEmailExtras,
): NewEmail {
  return confirmation('reservation_auto_confirmed', 'autoConfirmationMessage', { config, reservation, to, extras });
}

/** What the guest hears after a status change; completion sends nothing (the visit is over). */
export function guestStatusEmail(config: Config, reservation: EmailReservation, extras?: GuestEmailExtras): NewEmail | null {
  if (!reservation.customerEmail) return null;
  if (reservation.status === 'confirmed') return confirmedEmail(config, reservation, reservation.customerEmail, extras);
  if (reservation.status === 'cancelled') return cancelledEmail(config, reservation, reservation.customerEmail, extras);
  return null;
}

function confirmedEmail(config: Config, reservation: GuestReservation, to: string, extras?: GuestEmailExtras): NewEmail {
  return confirmation('reservation_confirmed', 'confirmationMessage', { config, reservation, to, extras });
}

export function cancelledEmail(config: Config, reservation: GuestReservation, to: string, extras?: GuestEmailExtras): NewEmail {
  const wording = wordingFor(config, reservation);
  const { t, language } = wording;
  const reason = reservation.cancellationReason
    ? [text(formatText(t.cancellationReason, { reason: reservation.cancellationReason }, language))]
    : [];
  return guestEmail(config, wording, {
    kind: 'reservation_cancelled',
    to,
    subject: wording.template('cancellationSubject'),
    heading: t.headings.cancelled,
    blocks: [
      fill('cancellationMessage', reservation, config, wording),
      ...reason,
      details(reservation, wording),
      ...guaranteeBlocks(reservation, wording),
      ...manageBlocks(extras, wording),
    ],
    reservationId: reservation.id,
    extras,
    markup: { reservation, status: 'cancelled' },
  });
}

/**
 * 'Reserva modificada' (issue 19): staff changed the date, time or party size. The new details and the calendar
 * file (same UID, a higher SEQUENCE) so the guest's calendar replaces its copy.
 */
export function modifiedEmail(config: Config, reservation: GuestReservation, to: string, extras?: GuestEmailExtras): NewEmail {
  const wording = wordingFor(config, reservation);
  const { t, language } = wording;
  const calendar = extras?.calendar ? [text(t.modifiedCalendar)] : [];
  return guestEmail(config, wording, {
    kind: 'reservation_modified',
    to,
    subject: formatText(t.modifiedSubject, { restaurant: config.name }, language),
    heading: t.headings.modified,
    blocks: [...introWithDetails(t.modifiedIntro, reservation, config, wording), ...guaranteeBlocks(reservation, wording), ...calendar, ...manageBlocks(extras, wording)],
    reservationId: reservation.id,
    extras,
    attachments: calendarAttachments(extras),
    markup: { reservation, status: reservation.status ?? 'confirmed' },
  });
}

/** The 24 h or 2 h reminder, with the subject and message the owner configured for it. */
export function reminderEmail(
  config: Config,
  kind: ReminderKind,
  reservation: GuestReservation,
  to: string,
  extras?: GuestEmailExtras,
): NewEmail {
  const wording = wordingFor(config, reservation);
  const [subject, message] = kind === '24h' ? (['reminder24hSubject', 'reminder24hMessage'] as const) : (['reminder2hSubject', 'reminder2hMessage'] as const);
  return guestEmail(config, wording, {
    kind: `reminder_${kind}`,
    to,
    subject: wording.template(subject),
    heading: wording.t.headings.reminder,
    blocks: [fill(message, reservation, config, wording), ...guaranteeBlocks(reservation, wording), ...manageBlocks(extras, wording)],
    reservationId: reservation.id,
    extras,
    // Reminders go to confirmed reservations only (reminders.ts).
    markup: { reservation, status: 'confirmed' },
  });
}
