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
type GuestEntry = EntryRow & { customerEmail: string };

/** The date, time and party an email names. */
interface Visit {
  date: string;
  time: string;
  people: number;
}

function detailRows(language: Language, { date, time, people }: Visit, name: string) {
  const { details } = guestEmailTexts(language);
  return {
    kind: 'details' as const,
    rows: [[details.name, name], [details.date, formatLongDate(date, language)], [details.time, time], [details.people, people]] as const,
  };
}

/** What sets one of the waitlist's guest emails apart; the guest, the address and the language are the entry's. */
interface WaitlistEmail {
  kind: 'waitlist_joined' | 'waitlist_offer' | 'waitlist_offer_expired';
  /** The subject names the restaurant; the intro greets the guest, names the restaurant and takes `introValues`. */
  texts: { subject: string; heading: string; intro: string; linkIntro: string; linkLabel: string };
  introValues?: { minutes: number; until: string };
  visit: Visit;
  pending: { url: string; link: NewEmail['link'] };
}

function waitlistEmail(config: Config, entry: GuestEntry, { kind, texts, introValues, visit, pending }: WaitlistEmail): NewEmail {
  const { language, customerName: name } = entry;
  const blocks = [
    { kind: 'text' as const, text: formatText(texts.intro, { name, restaurant: config.name, ...introValues }, language) },
    detailRows(language, visit, name),
    { kind: 'link' as const, intro: texts.linkIntro, label: texts.linkLabel, url: pending.url },
  ];
  return {
    kind,
    to: entry.customerEmail,
    subject: formatText(texts.subject, { restaurant: config.name }, language),
    ...renderEmail(config, { heading: texts.heading, audience: 'guest', language, blocks }),
    link: pending.link,
  };
}

const offerVisit = (offer: OfferRow): Visit => ({ date: offer.reservationDate, time: offer.reservationTime, people: offer.numberOfPeople });

/** 'Estás en la lista de espera', with the link to see or leave the entry. */
export function joinedEmail(config: Config, entry: GuestEntry, publicUrl: URL): NewEmail {
  const w = guestEmailTexts(entry.language).waitlist;
  return waitlistEmail(config, entry, {
    kind: 'waitlist_joined',
    texts: { subject: w.joinedSubject, heading: w.joinedHeading, intro: w.joinedIntro, linkIntro: w.leaveIntro, linkLabel: w.leaveLabel },
    visit: { date: entry.reservationDate, time: entry.timeFrom, people: entry.numberOfPeople },
    pending: pendingEntryLink(publicUrl, entry.id, entry.language),
  });
}

/** 'Se ha liberado una mesa': the offer's link, which holds the place until `holdUntil`. */
export function offerEmail(config: Config, entry: GuestEntry, offer: OfferRow, publicUrl: URL): NewEmail {
  const w = guestEmailTexts(entry.language).waitlist;
  return waitlistEmail(config, entry, {
    kind: 'waitlist_offer',
    texts: { subject: w.offerSubject, heading: w.offerHeading, intro: w.offerIntro, linkIntro: w.offerLinkIntro, linkLabel: w.offerLabel },
    introValues: { minutes: WAITLIST_HOLD_MINUTES, until: madridNowTime(offer.holdUntil) },
    visit: offerVisit(offer),
    pending: pendingOfferLink(publicUrl, entry.id, offer.id, entry.language),
  });
}

/** 'Tu oferta ha caducado': the hold ended unanswered; the link opens the offer's page, which offers the booking form. */
export function offerExpiredEmail(config: Config, entry: GuestEntry, offer: OfferRow, publicUrl: URL): NewEmail {
  const w = guestEmailTexts(entry.language).waitlist;
  return waitlistEmail(config, entry, {
    kind: 'waitlist_offer_expired',
    texts: { subject: w.expiredSubject, heading: w.expiredHeading, intro: w.expiredIntro, linkIntro: w.expiredLinkIntro, linkLabel: w.expiredLabel },
    visit: offerVisit(offer),
    pending: pendingOfferLink(publicUrl, entry.id, offer.id, entry.language, true),
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
