// The email to a guest whose bank held back a no-show charge (issue 45, item 4, decision 041): what the restaurant
// charges and why, and a link to approve it. The link opens the guest's approval page (NO_SHOW_CHARGE_PATH) on their
// own token, minted when the email leaves (decision 012), in their language; that page asks charge-approval.ts for the
// provider's page.
import { formatText } from '@shared/i18n/format-text.ts';
import { DEFAULT_LANGUAGE, languageLocales } from '@shared/i18n/languages.ts';
import { formatEuros } from '@shared/rules/money.ts';
import { NO_SHOW_CHARGE_PATH } from '@shared/routes.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import type { restaurantConfig } from '../../db/schema.ts';
import { guestEmailTexts, guestTemplate } from '../../platform/guest-language.ts';
import { newLinkPlaceholder, type NewEmail } from '../../platform/outbox.ts';
import { renderEmail } from '../notifications/service.ts';
import type { ReservationRow } from '../reservations/service.ts';
import type { ChargeRow } from './charge-queries.ts';

type Config = typeof restaurantConfig.$inferSelect;

export function authorizationEmail(config: Config, reservation: ReservationRow & { customerEmail: string }, charge: ChargeRow, publicUrl: URL): NewEmail {
  const language = reservation.language ?? DEFAULT_LANGUAGE;
  const m = guestEmailTexts(language).noShowCharge;
  const amount = formatEuros(charge.amountCents, languageLocales[language]);
  const placeholder = newLinkPlaceholder();
  const page = new URL(`${NO_SHOW_CHARGE_PATH}${placeholder}`, publicUrl);
  if (language !== DEFAULT_LANGUAGE) page.searchParams.set('lang', language);
  const values = {
    name: reservation.customerName,
    restaurant: config.name,
    date: formatLongDate(reservation.reservationDate, language),
    time: reservation.reservationTime,
    amount,
    people: charge.people,
  };
  const blocks = [
    { kind: 'text' as const, text: formatText(m.intro, values, language) },
    { kind: 'text' as const, text: guestTemplate(config, 'cancellationPolicy', language) },
    { kind: 'text' as const, text: m.bank },
    {
      kind: 'link' as const,
      intro: m.linkIntro,
      label: formatText(m.linkLabel, values, language),
      url: page.toString(),
    },
    { kind: 'text' as const, text: m.questions },
  ];
  return {
    kind: 'no_show_charge_authorization',
    to: reservation.customerEmail,
    subject: formatText(m.subject, values, language),
    ...renderEmail(config, { heading: m.heading, audience: 'guest', language, blocks }),
    reservationId: reservation.id,
    link: { kind: 'guest_page', reservationId: reservation.id, placeholder },
  };
}
