// Staff's 'Enviar enlace de garantía' (issue 45, item 7): a card asked for a booking already made, with the policy
// the booking form would have shown. The link's url holds a placeholder; its token is minted at delivery (012).
import { formatText } from '@shared/i18n/format-text.ts';
import { guaranteeLinkUntil, guaranteePolicyKey, guaranteePolicyValues } from '@shared/i18n/guarantee-policy.ts';
import type { GuaranteeTerms } from '@shared/schemas/card-guarantee.ts';
import { guestTextIn } from '../../platform/guest-language.ts';
import type { NewEmail } from '../../platform/outbox.ts';
import type { GuestEmailExtras } from '../private-links/service.ts';
import { guestEmail, type GuestReservation, introWithDetails, text, wordingFor } from './email-parts.ts';

type Config = Parameters<typeof wordingFor>[0];

export interface GuaranteeLinkEmail {
  reservation: GuestReservation & { id: string };
  to: string;
  terms: Pick<GuaranteeTerms, 'amountPerPersonCents' | 'freeCancellationHours'>;
  until: Date;
  /** The link to the guarantee page, its token a placeholder, and what to mint there. */
  extras: GuestEmailExtras & { manageUrl: string };
}

export function guaranteeLinkEmail(config: Config, { reservation, to, terms, until, extras }: GuaranteeLinkEmail): NewEmail {
  const wording = wordingFor(config, reservation);
  const { t, language } = wording;
  const policy = { key: guaranteePolicyKey(terms), values: { ...guaranteePolicyValues(terms, reservation.numberOfPeople, language) } };
  return guestEmail(config, wording, {
    kind: 'guarantee_link',
    to,
    subject: formatText(t.guaranteeLink.subject, { restaurant: config.name }, language),
    heading: t.guaranteeLink.heading,
    blocks: [
      ...introWithDetails(t.guaranteeLink.intro, reservation, config, wording),
      text(guestTextIn(policy, language)),
      {
        kind: 'link',
        intro: formatText(t.guaranteeLink.linkIntro, { until: guaranteeLinkUntil(until, language) }, language),
        label: t.guaranteeLink.label,
        url: extras.manageUrl,
      },
    ],
    reservationId: reservation.id,
    extras,
  });
}
