// The guest's private link again (issue 41, decision 032): sent when the same guest asks for a stay that overlaps a
// booking they already hold, so the refusal's answer never has to carry the link itself.
import { formatText } from '@shared/i18n/format-text.ts';
import type { NewEmail } from '../../platform/outbox.ts';
import type { GuestEmailExtras } from '../private-links/service.ts';
import { details, guestEmail, type GuestReservation, manageBlocks, text, wordingFor } from './email-parts.ts';
import { guaranteeBlocks } from './guarantee-block.ts';

type Config = Parameters<typeof wordingFor>[0];

export function linkResentEmail(config: Config, reservation: GuestReservation, to: string, extras: GuestEmailExtras): NewEmail {
  const wording = wordingFor(config, reservation);
  const { t, language } = wording;
  return guestEmail(config, wording, {
    kind: 'reservation_link_resent',
    to,
    subject: formatText(t.linkResentSubject, { restaurant: config.name }, language),
    heading: t.headings.linkResent,
    blocks: [
      text(formatText(t.linkResentIntro, { name: reservation.customerName }, language)),
      details(reservation, wording),
      ...guaranteeBlocks(reservation, wording),
      ...manageBlocks(extras, wording),
    ],
    reservationId: reservation.id,
    extras,
  });
}
