// The pieces every email about a reservation is built from: the guest's wording (their language, the fixed texts and
// the owner's templates from restaurant_config), the common blocks, and `email`, which renders the layout and markup.
import type { GuestEmailTexts, TemplateKey } from '@shared/i18n/guest-email-texts.ts';
import { formatText } from '@shared/i18n/format-text.ts';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.ts';
import { fillTemplate, formatLongDate, type TemplateReservation } from '@shared/rules/templates.ts';
import type { OutboxAttachment, restaurantConfig, reservations } from '../../db/schema.ts';
import { guestEmailTexts, guestTemplate } from '../../platform/guest-language.ts';
import type { NewEmail } from '../../platform/outbox.ts';
import type { GuestEmailExtras } from '../private-links/service.ts';
import { type EmailBlock, type EmailContent, renderEmail } from './email-layout.ts';
import type { EmailGuarantee } from './guarantee-block.ts';
import { type MarkupStatus, reservationJsonLd } from './reservation-markup.ts';

type Config = typeof restaurantConfig.$inferSelect;
type Reservation = typeof reservations.$inferSelect;

/** A stored reservation as its guest and staff emails read it. */
export type EmailReservation = TemplateReservation &
  Pick<Reservation, 'id' | 'customerEmail' | 'customerPhone' | 'status' | 'cancellationReason' | 'adminNotes' | 'language'> & {
    guarantee?: EmailGuarantee | null;
    replaces?: ReplacedBooking | null;
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
  /** The booking a guest's change replaces (issue 50): its emails name it. */
  replaces?: ReplacedBooking | null;
};

/** The date, time and party of the booking a guest's change replaces. */
export interface ReplacedBooking {
  reservationDate: string;
  reservationTime: string;
  numberOfPeople: number;
}

/** A guest email's wording: its language, the fixed texts in it, and the config's templates in it. */
export interface Wording {
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

export const calendarAttachments = (extras: GuestEmailExtras | undefined) => (extras?.calendar ? [extras.calendar] : []);

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

/** An email to a guest: its heading and blocks in the guest's layout, in the wording's language. */
export function guestEmail(
  config: Config,
  wording: Pick<Wording, 'language'>,
  { heading, blocks, ...parts }: Omit<EmailParts, 'content'> & Pick<EmailContent, 'heading' | 'blocks'>,
): NewEmail {
  return email({ ...parts, content: { heading, audience: 'guest', language: wording.language, blocks } }, config);
}

export const text = (value: string): EmailBlock => ({ kind: 'text', text: value });
export const fill = (key: TemplateKey, reservation: TemplateReservation, config: Config, wording: Wording) =>
  text(fillTemplate(wording.template(key), reservation, config.name, wording.language));

/** The name, date, time and party size, as the details block lists them (in the guest's language, or Spanish for staff). */
export function detailRows(reservation: TemplateReservation, { t, language }: Pick<Wording, 't' | 'language'>): Array<[string, string | number]> {
  return [
    [t.details.name, reservation.customerName],
    [t.details.date, formatLongDate(reservation.reservationDate, language)],
    [t.details.time, reservation.reservationTime],
    [t.details.people, reservation.numberOfPeople],
  ];
}
export const details = (reservation: TemplateReservation, wording: Wording): EmailBlock => ({ kind: 'details', rows: detailRows(reservation, wording) });

/** A guest email's opening: `intro`, naming the guest and the restaurant, then the booking's details. */
export const introWithDetails = (intro: string, reservation: TemplateReservation, config: Config, wording: Wording): EmailBlock[] => [
  text(formatText(intro, { name: reservation.customerName, restaurant: config.name }, wording.language)),
  details(reservation, wording),
];
