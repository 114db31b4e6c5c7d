// The emails a reservation causes. Texts come from restaurant_config, so the owner's wording is what guests read.
// The real path and the test notifications build each kind with the same function here.
import { CLIENT_NOTE_PREFIX } from '@shared/limits.ts';
import { formatText } from '@shared/i18n/format-text.ts';
import type { GuestEmailTexts, TemplateKey } from '@shared/i18n/guest-email-texts.ts';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.ts';
import { formatMessage } from '@shared/messages.ts';
import { selfServiceMessages } from '@shared/guest-messages/self-service.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { staffEmailMessages } from '@shared/staff-messages/emails.ts';
import { fillTemplate, formatLongDate, type TemplateReservation } from '@shared/rules/templates.ts';
import type { OutboxAttachment, REMINDER_KINDS, restaurantConfig, reservations } from '../../db/schema.ts';
import { guestEmailTexts, guestTemplate } from '../../platform/guest-language.ts';
import type { NewEmail } from '../../platform/outbox.ts';
import type { GuestEmailExtras } from '../private-links/service.ts';
import type { PushPayload } from '../push/service.ts';
import { type EmailBlock, type EmailContent, renderEmail } from './email-layout.ts';
import { type EmailGuarantee, guaranteeBlocks } from './guarantee-block.ts';
import { type MarkupStatus, reservationJsonLd } from './reservation-markup.ts';

type Config = typeof restaurantConfig.$inferSelect;
type Reservation = typeof reservations.$inferSelect;
type ReminderKind = (typeof REMINDER_KINDS)[number];

type EmailReservation = TemplateReservation &
  Pick<Reservation, 'id' | 'customerEmail' | 'customerPhone' | 'status' | 'cancellationReason' | 'adminNotes' | 'language'> & {
    guarantee?: EmailGuarantee | null;
  };
/**
 * What a guest email needs: a stored reservation, or the sample one of the test notifications (no id). Guest emails
 * are written in its `language` (issue 26; Spanish when it has none).
 */
export type GuestReservation = TemplateReservation & {
  id: string | null;
  cancellationReason?: string | null;
  status?: MarkupStatus;
  language?: Language;
  /** Its saved card (issue 45): every email about it says so, with the cancellation rule. */
  guarantee?: EmailGuarantee | null;
};

const m = staffEmailMessages;

/** A guest email's wording: its language, the fixed texts in it, and the config's templates in it. */
interface Wording {
  language: Language;
  t: GuestEmailTexts;
  template: (key: TemplateKey) => string;
}

export function wordingFor(config: Config, reservation: GuestReservation): Wording {
  const language = reservation.language ?? DEFAULT_LANGUAGE;
  return { language, t: guestEmailTexts(language), template: (key) => guestTemplate(config, key, language) };
}

export function manageBlocks(extras: GuestEmailExtras | undefined, { t }: Wording): EmailBlock[] {
  return extras?.manageUrl ? [{ kind: 'link', intro: t.manageIntro, label: t.manageLabel, url: extras.manageUrl }] : [];
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

export function email({ content, attachments, extras, markup, ...parts }: EmailParts, config: Config): NewEmail {
  const link = extras?.manageUrl && extras.link ? { link: extras.link } : {};
  const id = markup?.reservation.id;
  const structuredData =
    markup && id
      ? reservationJsonLd(config, { reservation: { ...markup.reservation, id }, status: markup.status, email: parts.to, manageUrl: extras?.manageUrl })
      : null;
  return { ...parts, ...renderEmail(config, { ...content, structuredData }), ...(attachments?.length ? { attachments } : {}), ...link };
}

export const text = (value: string): EmailBlock => ({ kind: 'text', text: value });
const fill = (key: TemplateKey, reservation: TemplateReservation, config: Config, wording: Wording) =>
  text(fillTemplate(wording.template(key), reservation, config.name, wording.language));

function detailRows(reservation: TemplateReservation, { t, language }: Pick<Wording, 't' | 'language'>): Array<[string, string | number]> {
  return [
    [t.details.name, reservation.customerName],
    [t.details.date, formatLongDate(reservation.reservationDate, language)],
    [t.details.time, reservation.reservationTime],
    [t.details.people, reservation.numberOfPeople],
  ];
}
export const details = (reservation: TemplateReservation, wording: Wording): EmailBlock => ({ kind: 'details', rows: detailRows(reservation, wording) });

/** The guest's first email: the welcome (pending) text, or the auto-confirmation text when it was confirmed at once. */
export function guestReceivedEmail(config: Config, reservation: EmailReservation, extras?: GuestEmailExtras): NewEmail | null {
  if (!reservation.customerEmail) return null;
  if (reservation.status === 'confirmed') return autoConfirmedEmail(config, reservation, reservation.customerEmail, extras);
  return config.welcomeEmailEnabled ? welcomeEmail(config, reservation, reservation.customerEmail, extras) : null;
}

function welcomeEmail(config: Config, reservation: GuestReservation, to: string, extras?: GuestEmailExtras): NewEmail {
  const wording = wordingFor(config, reservation);
  return email(
    {
      kind: 'reservation_welcome',
      to,
      subject: wording.template('welcomeEmailSubject'),
      content: {
        heading: wording.t.headings.welcome,
        audience: 'guest',
        language: wording.language,
        blocks: [fill('welcomeEmailMessage', reservation, config, wording), ...guaranteeBlocks(reservation, wording), ...manageBlocks(extras, wording)],
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
  message: TemplateKey,
  more: EmailBlock[],
  { config, reservation, to, extras }: { config: Config; reservation: GuestReservation; to: string; extras?: GuestEmailExtras },
): NewEmail {
  const wording = wordingFor(config, reservation);
  const { t, language } = wording;
  return email(
    {
      kind,
      to,
      subject: formatText(t.confirmedSubject, { restaurant: config.name }, language),
      content: {
        heading: t.headings.confirmed,
        audience: 'guest',
        language,
        blocks: [
          fill(message, reservation, config, wording),
          details(reservation, wording),
          ...more,
          ...guaranteeBlocks(reservation, wording),
          ...manageBlocks(extras, wording),
        ],
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
  return confirmation('reservation_auto_confirmed', 'autoConfirmationMessage', [], { config, reservation, to, extras });
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
          ...detailRows(reservation, { t: guestEmailTexts(DEFAULT_LANGUAGE), language: DEFAULT_LANGUAGE }),
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
  const cancellationPolicy = wordingFor(config, reservation).template('cancellationPolicy');
  const policy = cancellationPolicy ? [text(cancellationPolicy)] : [];
  return confirmation('reservation_confirmed', 'confirmationMessage', policy, { config, reservation, to, extras });
}

export function cancelledEmail(config: Config, reservation: GuestReservation, to: string, extras?: GuestEmailExtras): NewEmail {
  const wording = wordingFor(config, reservation);
  const { t, language } = wording;
  const reason = reservation.cancellationReason
    ? [text(formatText(t.cancellationReason, { reason: reservation.cancellationReason }, language))]
    : [];
  return email(
    {
      kind: 'reservation_cancelled',
      to,
      subject: wording.template('cancellationSubject'),
      content: {
        heading: t.headings.cancelled,
        audience: 'guest',
        language,
        blocks: [
          fill('cancellationMessage', reservation, config, wording),
          ...reason,
          details(reservation, wording),
          ...guaranteeBlocks(reservation, wording),
          ...manageBlocks(extras, wording),
        ],
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
  const wording = wordingFor(config, reservation);
  const { t, language } = wording;
  const intro = formatText(t.modifiedIntro, { name: reservation.customerName, restaurant: config.name }, language);
  const calendar = extras?.calendar ? [text(t.modifiedCalendar)] : [];
  return email(
    {
      kind: 'reservation_modified',
      to,
      subject: formatText(t.modifiedSubject, { restaurant: config.name }, language),
      content: {
        heading: t.headings.modified,
        audience: 'guest',
        language,
        blocks: [text(intro), details(reservation, wording), ...guaranteeBlocks(reservation, wording), ...calendar, ...manageBlocks(extras, wording)],
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
  const wording = wordingFor(config, reservation);
  const [subject, message] = kind === '24h' ? (['reminder24hSubject', 'reminder24hMessage'] as const) : (['reminder2hSubject', 'reminder2hMessage'] as const);
  return email(
    {
      kind: `reminder_${kind}`,
      to,
      subject: wording.template(subject),
      content: {
        heading: wording.t.headings.reminder,
        audience: 'guest',
        language: wording.language,
        blocks: [fill(message, reservation, config, wording), ...guaranteeBlocks(reservation, wording), ...manageBlocks(extras, wording)],
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
