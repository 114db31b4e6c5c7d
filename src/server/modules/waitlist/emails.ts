// The waitlist's guest emails (the place in the list, an offer) and its staff alert; the same layout as every email.
import { WAITLIST_HOLD_MINUTES } from '@shared/limits.ts';
import { formatText } from '@shared/i18n/format-text.ts';
import type { Language } from '@shared/i18n/languages.ts';
import { madridNowTime } from '@shared/rules/madrid-time.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import type { restaurantConfig } from '../../db/schema.ts';
import { guestEmailTexts } from '../../platform/guest-language.ts';
import type { NewEmail } from '../../platform/outbox.ts';
import { partyPushLine, renderEmail } from '../notifications/service.ts';
import type { PushPayload } from '../push/service.ts';
import type { EntryRow, OfferRow } from './queries.ts';
import { pendingEntryLink, pendingOfferLink } from './tokens.ts';

type Config = typeof restaurantConfig.$inferSelect;

function detailRows(language: Language, date: string, time: string, people: number, name: string) {
  const { details } = guestEmailTexts(language);
  return {
    kind: 'details' as const,
    rows: [[details.name, name], [details.date, formatLongDate(date, language)], [details.time, time], [details.people, people]] as const,
  };
}

interface WaitlistEmail {
  kind: 'waitlist_joined' | 'waitlist_offer' | 'waitlist_offer_expired';
  to: string;
  subject: string;
  heading: string;
  intro: string;
  details: ReturnType<typeof detailRows>;
  language: Language;
  action: { intro: string; label: string };
  pending: { url: string; link: NewEmail['link'] };
}

function waitlistEmail(config: Config, { kind, to, subject, heading, intro, details, action, pending, language }: WaitlistEmail): NewEmail {
  const blocks = [{ kind: 'text' as const, text: intro }, details, { kind: 'link' as const, ...action, url: pending.url }];
  return { kind, to, subject, ...renderEmail(config, { heading, audience: 'guest', language, blocks }), link: pending.link };
}

/** 'Estás en la lista de espera', with the link to see or leave the entry. */
export function joinedEmail(config: Config, entry: EntryRow & { customerEmail: string }, publicUrl: URL): NewEmail {
  const { language } = entry;
  const w = guestEmailTexts(language).waitlist;
  return waitlistEmail(config, {
    kind: 'waitlist_joined',
    to: entry.customerEmail,
    language,
    subject: formatText(w.joinedSubject, { restaurant: config.name }, language),
    heading: w.joinedHeading,
    intro: formatText(w.joinedIntro, { name: entry.customerName, restaurant: config.name }, language),
    details: detailRows(language, entry.reservationDate, entry.timeFrom, entry.numberOfPeople, entry.customerName),
    action: { intro: w.leaveIntro, label: w.leaveLabel },
    pending: pendingEntryLink(publicUrl, entry.id, language),
  });
}

/** 'Se ha liberado una mesa': the offer's link, which holds the place until `holdUntil`. */
export function offerEmail(config: Config, entry: EntryRow & { customerEmail: string }, offer: OfferRow, publicUrl: URL): NewEmail {
  const { language } = entry;
  const w = guestEmailTexts(language).waitlist;
  return waitlistEmail(config, {
    kind: 'waitlist_offer',
    to: entry.customerEmail,
    language,
    subject: formatText(w.offerSubject, { restaurant: config.name }, language),
    heading: w.offerHeading,
    intro: formatText(
      w.offerIntro,
      { name: entry.customerName, restaurant: config.name, minutes: WAITLIST_HOLD_MINUTES, until: madridNowTime(offer.holdUntil) },
      language,
    ),
    details: detailRows(language, offer.reservationDate, offer.reservationTime, offer.numberOfPeople, entry.customerName),
    action: { intro: w.offerLinkIntro, label: w.offerLabel },
    pending: pendingOfferLink(publicUrl, entry.id, offer.id, language),
  });
}

/** 'Tu oferta ha caducado': the hold ended unanswered; the link opens the offer's page, which offers the booking form. */
export function offerExpiredEmail(config: Config, entry: EntryRow & { customerEmail: string }, offer: OfferRow, publicUrl: URL): NewEmail {
  const { language } = entry;
  const w = guestEmailTexts(language).waitlist;
  return waitlistEmail(config, {
    kind: 'waitlist_offer_expired',
    to: entry.customerEmail,
    language,
    subject: formatText(w.expiredSubject, { restaurant: config.name }, language),
    heading: w.expiredHeading,
    intro: formatText(w.expiredIntro, { name: entry.customerName, restaurant: config.name }, language),
    details: detailRows(language, offer.reservationDate, offer.reservationTime, offer.numberOfPeople, entry.customerName),
    action: { intro: w.expiredLinkIntro, label: w.expiredLabel },
    pending: pendingOfferLink(publicUrl, entry.id, offer.id, language, true),
  });
}

/** The staff's alert: an offer made or accepted. */
export function waitlistPush(title: string, entry: EntryRow, offer: OfferRow): PushPayload {
  return {
    title,
    message: partyPushLine({ ...offer, customerName: entry.customerName }),
    url: '/admin',
  };
}
