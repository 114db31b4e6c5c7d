// The request for a rating (to the guest, in their language) and the alert of a low one (to owners and encargados).
import { FEEDBACK_LINK_DAYS } from '@shared/limits.ts';
import { formatText } from '@shared/i18n/format-text.ts';
import type { Language } from '@shared/i18n/languages.ts';
import { formatMessage } from '@shared/messages.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import { staffDateTime } from '@shared/rules/staff-dates.ts';
import { staffEmailMessages } from '@shared/staff-messages/emails.ts';
import { feedbackStaffMessages } from '@shared/staff-messages/feedback.ts';
import type { restaurantConfig } from '../../db/schema.ts';
import { guestEmailTexts } from '../../platform/guest-language.ts';
import type { NewEmail } from '../../platform/outbox.ts';
import { renderEmail } from '../notifications/service.ts';
import type { PushPayload } from '../push/service.ts';

type Config = typeof restaurantConfig.$inferSelect;
const a = feedbackStaffMessages.alert;

export interface VisitOfRequest {
  reservationId: string;
  customerName: string;
  reservationDate: string;
  reservationTime: string;
  numberOfPeople: number;
  language: Language;
}

/** '¿Qué tal tu visita?', with the link to rate it. */
export function feedbackRequestEmail(config: Config, visit: VisitOfRequest, to: string, pending: { url: string; link: NewEmail['link'] }): NewEmail {
  const { language } = visit;
  const t = guestEmailTexts(language).feedback;
  const values = { name: visit.customerName, restaurant: config.name, date: formatLongDate(visit.reservationDate, language) };
  const blocks = [
    { kind: 'text' as const, text: formatText(t.intro, values, language) },
    { kind: 'link' as const, intro: t.linkIntro, label: t.linkLabel, url: pending.url },
    { kind: 'text' as const, text: formatText(t.expiry, { days: FEEDBACK_LINK_DAYS }, language) },
  ];
  return {
    kind: 'feedback_request',
    to,
    subject: formatText(t.subject, { restaurant: config.name }, language),
    ...renderEmail(config, { heading: t.heading, audience: 'guest', language, blocks }),
    reservationId: visit.reservationId,
    link: pending.link,
  };
}

export interface LowRating extends VisitOfRequest {
  rating: number;
  comment: string | null;
  customerPhone: string | null;
  guestId: string | null;
}

const alertTitle = (rating: LowRating) => formatMessage(a.title, { rating: rating.rating, name: rating.customerName });

/** The alert of a 1-3 rating, for each owner and encargado: who, which visit, what they said, how to call. */
export function lowRatingEmails(config: Config, rating: LowRating, recipients: readonly string[], adminUrl: string): NewEmail[] {
  const intro = formatMessage(a.intro, {
    name: rating.customerName,
    rating: rating.rating,
    when: staffDateTime(rating.reservationDate, rating.reservationTime),
    people: rating.numberOfPeople,
  });
  const blocks = [
    { kind: 'text' as const, text: intro },
    { kind: 'text' as const, text: rating.comment ? formatMessage(a.comment, { comment: rating.comment }) : a.noComment },
    { kind: 'text' as const, text: formatMessage(a.phone, { phone: rating.customerPhone ?? '—' }) },
    { kind: 'text' as const, text: formatMessage(a.manage, { url: adminUrl }) },
  ];
  const rendered = renderEmail(config, { heading: a.heading, audience: 'staff', blocks });
  return recipients.map((to) => ({ kind: 'staff_low_rating', to, subject: alertTitle(rating), ...rendered, reservationId: rating.reservationId }));
}

/** The same alert as a push: the comment, or the visit's line. */
export function lowRatingPush(rating: LowRating): PushPayload {
  const line = formatMessage(staffEmailMessages.pushReservationLine, {
    name: rating.customerName,
    when: staffDateTime(rating.reservationDate, rating.reservationTime),
    people: rating.numberOfPeople,
  });
  const said = rating.comment && (rating.comment.length > 200 ? `${rating.comment.slice(0, 199)}…` : rating.comment);
  return {
    title: alertTitle(rating),
    message: said || line,
    url: rating.guestId ? `/admin?tab=clientes&cliente=${rating.guestId}` : '/admin',
    reservationData: {
      customerName: rating.customerName,
      reservationDate: rating.reservationDate,
      reservationTime: rating.reservationTime,
      numberOfPeople: rating.numberOfPeople,
    },
  };
}
