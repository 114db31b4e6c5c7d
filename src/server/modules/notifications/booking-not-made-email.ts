// A booking that waited for its card and was not made (issue 45, decision 041): the time to save the card ran out,
// or the card came after the hold ended and the place had been taken (the card released). The guest's page says the
// same in the same words; this email tells a guest who has left it.
import { DEFAULT_LANGUAGE } from '@shared/i18n/languages.ts';
import { formatText } from '@shared/i18n/format-text.ts';
import type { NewEmail } from '../../platform/outbox.ts';
import { guestTexts } from '../../platform/guest-language.ts';
import { guestEmail, type GuestReservation, introWithDetails, wordingFor } from './email-parts.ts';

type Config = Parameters<typeof wordingFor>[0];

/** 'expired': the hold's time ran out; 'refused': a card saved after it could not book the place. */
export type NotMadeReason = 'expired' | 'refused';

export function bookingNotMadeEmail(config: Config, request: GuestReservation, to: string, reason: NotMadeReason, publicUrl: URL): NewEmail {
  const wording = wordingFor(config, request);
  const { t, language } = wording;
  const page = guestTexts(language).cardGuarantee;
  const bookingPage = new URL(language === DEFAULT_LANGUAGE ? '/' : `/?lang=${language}`, publicUrl).toString();
  return guestEmail(config, wording, {
    kind: `card_guarantee_${reason}`,
    to,
    subject: formatText(t.cardGuarantee.notBookedSubject, { restaurant: config.name }, language),
    heading: t.cardGuarantee.notBookedHeading,
    blocks: [
      ...introWithDetails(t.cardGuarantee.notBookedIntro, request, config, wording),
      { kind: 'link', intro: reason === 'expired' ? page.ended : page.refused, label: page.bookAgain, url: bookingPage },
    ],
    // No reservation was made: the request's id names none.
    reservationId: null,
  });
}
