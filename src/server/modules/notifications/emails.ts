// The emails a reservation causes. Texts come from restaurant_config, so the owner's wording is what guests read.
// The real path and the test notifications build each kind with the same function here.
import { CLIENT_NOTE_PREFIX } from '@shared/limits.ts';
import { formatMessage } from '@shared/messages.ts';
import { selfServiceMessages } from '@shared/guest-messages/self-service.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { staffEmailMessages } from '@shared/staff-messages/emails.ts';
import { fillTemplate, formatLongDate, type TemplateReservation } from '@shared/rules/templates.ts';
import type { OutboxAttachment, REMINDER_KINDS, restaurantConfig, reservations } from '../../db/schema.ts';
import type { NewEmail } from '../../platform/outbox.ts';
import type { GuestEmailExtras } from '../private-links/service.ts';
import type { PushPayload } from '../push/service.ts';
import { type EmailBlock, type EmailContent, renderEmail } from './email-layout.ts';
import { type MarkupStatus, reservationJsonLd } from './reservation-markup.ts';

type Config = typeof restaurantConfig.$inferSelect;
type Reservation = typeof reservations.$inferSelect;
type ReminderKind = (typeof REMINDER_KINDS)[number];

type EmailReservation = TemplateReservation &
  Pick<Reservation, 'id' | 'customerEmail' | 'customerPhone' | 'status' | 'cancellationReason' | 'adminNotes'>;
/** What a guest email needs: a stored reservation, or the sample one of the test notifications (no id). */
export type GuestReservation = TemplateReservation & { id: string | null; cancellationReason?: string | null; status?: MarkupStatus };

const m = staffEmailMessages;

function manageBlocks(extras: GuestEmailExtras | undefined): EmailBlock[] {
  return extras?.manageUrl ? [{ kind: 'link', intro: m.manageIntro, label: m.manageLabel, url: extras.manageUrl }] : [];
}

const calendarAttachments = (extras: GuestEmailExtras | undefined) => (extras?.calendar ? [extras.calendar] : []);

interface EmailParts {
  kind: string;
  to: string;
  subject: string;
  content: EmailContent;
  reservationId: string | null;
  attachments?: OutboxAttachment[];
  /** The guest email's extras: their link, if the body shows it, is minted at delivery. */
  extras?: GuestEmailExtras;
  /** The reservation a guest email is about, for its schema.org markup; the sample one (no id) gets none. */
  markup?: { reservation: GuestReservation; status: MarkupStatus };
}

function email({ content, attachments, extras, markup, ...parts }: EmailParts, config: Config): NewEmail {
  const link = extras?.manageUrl && extras.link ? { link: extras.link } : {};
  const id = markup?.reservation.id;
  const structuredData =
    markup && id
      ? reservationJsonLd(config, { reservation: { ...markup.reservation, id }, status: markup.status, email: parts.to, manageUrl: extras?.manageUrl })
      : null;
  return { ...parts, ...renderEmail(config, { ...content, structuredData }), ...(attachments?.length ? { attachments } : {}), ...link };
}

const text = (value: string): EmailBlock => ({ kind: 'text', text: value });
const fill = (template: string, reservation: TemplateReservation, config: Config) => text(fillTemplate(template, reservation, config.name));

function detailRows(reservation: TemplateReservation): Array<[string, string | number]> {
  return [
    [m.details.name, reservation.customerName],
    [m.details.date, formatLongDate(reservation.reservationDate)],
    [m.details.time, reservation.reservationTime],
    [m.details.people, reservation.numberOfPeople],
  ];
}
const details = (reservation: TemplateReservation): EmailBlock => ({ kind: 'details', rows: detailRows(reservation) });

/** The guest's first email: the welcome (pending) text, or the auto-confirmation text when it was confirmed at once. */
export function guestReceivedEmail(config: Config, reservation: EmailReservation, extras?: GuestEmailExtras): NewEmail | null {
  if (!reservation.customerEmail) return null;
  if (reservation.status === 'confirmed') return autoConfirmedEmail(config, reservation, reservation.customerEmail, extras);
  return config.welcomeEmailEnabled ? welcomeEmail(config, reservation, reservation.customerEmail, extras) : null;
}

function welcomeEmail(config: Config, reservation: GuestReservation, to: string, extras?: GuestEmailExtras): NewEmail {
  return email(
    {
      kind: 'reservation_welcome',
      to,
      subject: config.welcomeEmailSubject,
      content: {
        heading: m.headings.welcome,
        audience: 'guest',
        blocks: [fill(config.welcomeEmailMessage, reservation, config), ...manageBlocks(extras)],
      },
      reservationId: reservation.id,
      extras,
      markup: { reservation, status: 'pending' },
    },
    config,
  );
}

/** A 'Reserva confirmada' email: the owner's text for that confirmation, the details, then `more` and the link. */
function confirmation(
  kind: 'reservation_confirmed' | 'reservation_auto_confirmed',
  message: string,
  more: EmailBlock[],
  { config, reservation, to, extras }: { config: Config; reservation: GuestReservation; to: string; extras?: GuestEmailExtras },
): NewEmail {
  return email(
    {
      kind,
      to,
      subject: formatMessage(m.confirmedSubject, { restaurant: config.name }),
      content: {
        heading: m.headings.confirmed,
        audience: 'guest',
        blocks: [fill(message, reservation, config), details(reservation), ...more, ...manageBlocks(extras)],
      },
      reservationId: reservation.id,
      extras,
      attachments: calendarAttachments(extras),
      markup: { reservation, status: 'confirmed' },
    },
    config,
  );
}

export function autoConfirmedEmail(
  config: Config,
  reservation: GuestReservation,
  to: string,
  extras?: GuestEmailExtras,
): NewEmail {
  return confirmation('reservation_auto_confirmed', config.autoConfirmationMessage, [], { config, reservation, to, extras });
}

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
          ...detailRows(reservation),
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
    date: reservation.reservationDate,
    time: reservation.reservationTime,
  });
  return staffRecipients(config).map((to) =>
    email({ kind: 'staff_new_reservation', to, subject, content, reservationId: reservation.id }, config),
  );
}

function clientNote(notes: string | null): string | null {
  if (!notes) return null;
  return notes.startsWith(CLIENT_NOTE_PREFIX) ? notes.slice(CLIENT_NOTE_PREFIX.length).trim() : notes;
}

/** What the guest hears after a status change; completion sends nothing (the visit is over). */
export function guestStatusEmail(config: Config, reservation: EmailReservation, extras?: GuestEmailExtras): NewEmail | null {
  if (!reservation.customerEmail) return null;
  if (reservation.status === 'confirmed') return confirmedEmail(config, reservation, reservation.customerEmail, extras);
  if (reservation.status === 'cancelled') return cancelledEmail(config, reservation, reservation.customerEmail, extras);
  return null;
}

function confirmedEmail(config: Config, reservation: GuestReservation, to: string, extras?: GuestEmailExtras): NewEmail {
  const policy = config.cancellationPolicy ? [text(config.cancellationPolicy)] : [];
  return confirmation('reservation_confirmed', config.confirmationMessage, policy, { config, reservation, to, extras });
}

export function cancelledEmail(config: Config, reservation: GuestReservation, to: string, extras?: GuestEmailExtras): NewEmail {
  const reason = reservation.cancellationReason
    ? [text(formatMessage(m.cancellationReason, { reason: reservation.cancellationReason }))]
    : [];
  return email(
    {
      kind: 'reservation_cancelled',
      to,
      subject: config.cancellationSubject,
      content: {
        heading: m.headings.cancelled,
        audience: 'guest',
        blocks: [fill(config.cancellationMessage, reservation, config), ...reason, details(reservation), ...manageBlocks(extras)],
      },
      reservationId: reservation.id,
      extras,
      markup: { reservation, status: 'cancelled' },
    },
    config,
  );
}

/**
 * 'Reserva modificada' (issue 19): staff changed the date, time or party size. The new details and the calendar
 * file (same UID, a higher SEQUENCE) so the guest's calendar replaces its copy.
 */
export function modifiedEmail(config: Config, reservation: GuestReservation, to: string, extras?: GuestEmailExtras): NewEmail {
  const intro = formatMessage(m.modifiedIntro, { name: reservation.customerName, restaurant: config.name });
  const calendar = extras?.calendar ? [text(m.modifiedCalendar)] : [];
  return email(
    {
      kind: 'reservation_modified',
      to,
      subject: formatMessage(m.modifiedSubject, { restaurant: config.name }),
      content: {
        heading: m.headings.modified,
        audience: 'guest',
        blocks: [text(intro), details(reservation), ...calendar, ...manageBlocks(extras)],
      },
      reservationId: reservation.id,
      extras,
      attachments: calendarAttachments(extras),
      markup: { reservation, status: reservation.status ?? 'confirmed' },
    },
    config,
  );
}

/** The 24 h or 2 h reminder, with the subject and message the owner configured for it. */
export function reminderEmail(
  config: Config,
  kind: ReminderKind,
  reservation: GuestReservation,
  to: string,
  extras?: GuestEmailExtras,
): NewEmail {
  const [subject, message] =
    kind === '24h' ? [config.reminder24hSubject, config.reminder24hMessage] : [config.reminder2hSubject, config.reminder2hMessage];
  return email(
    {
      kind: `reminder_${kind}`,
      to,
      subject,
      content: {
        heading: m.headings.reminder,
        audience: 'guest',
        blocks: [fill(message, reservation, config), ...manageBlocks(extras)],
      },
      reservationId: reservation.id,
      extras,
      // Reminders go to confirmed reservations only (reminders.ts).
      markup: { reservation, status: 'confirmed' },
    },
    config,
  );
}

/** A staff alert about one reservation: who, when, how many. */
function staffPush(title: string, reservation: Reservation): PushPayload {
  return {
    title,
    message: formatMessage(m.pushReservationLine, {
      name: reservation.customerName,
      date: formatLongDate(reservation.reservationDate),
      time: reservation.reservationTime,
      people: reservation.numberOfPeople,
    }),
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
