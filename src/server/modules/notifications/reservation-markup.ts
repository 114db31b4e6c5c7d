// A guest email's schema.org `FoodEstablishmentReservation` (decision 029): mail clients that read it show the
// booking as a card with its status, time and party size.
import { madridIsoDateTime } from '@shared/rules/madrid-time.ts';
import type { TemplateReservation } from '@shared/rules/templates.ts';
import type { reservations, restaurantConfig } from '../../db/schema.ts';

type Config = Pick<typeof restaurantConfig.$inferSelect, 'name' | 'address' | 'contactPhone1' | 'contactPhone2'>;
export type MarkupStatus = (typeof reservations.$inferSelect)['status'];

const SCHEMA_STATUS: Record<MarkupStatus, string> = {
  pending: 'https://schema.org/ReservationPending',
  confirmed: 'https://schema.org/ReservationConfirmed',
  // A visit that took place was a confirmed reservation; schema.org has no later state.
  completed: 'https://schema.org/ReservationConfirmed',
  cancelled: 'https://schema.org/ReservationCancelled',
};

interface MarkupInput {
  reservation: TemplateReservation & { id: string };
  status: MarkupStatus;
  /** The guest's address: the email's recipient. */
  email: string;
  /** The guest's private page (its token still a placeholder, filled at delivery); none for a cancelled booking. */
  manageUrl?: string | null | undefined;
}

export function reservationJsonLd(config: Config, { reservation, status, email, manageUrl }: MarkupInput): Record<string, unknown> {
  const address = config.address?.trim();
  const telephone = [config.contactPhone1, config.contactPhone2].map((phone) => phone?.trim()).find(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'FoodEstablishmentReservation',
    reservationNumber: reservation.id,
    reservationStatus: SCHEMA_STATUS[status],
    underName: { '@type': 'Person', name: reservation.customerName, email },
    reservationFor: {
      '@type': 'FoodEstablishment',
      name: config.name,
      ...(address ? { address } : {}),
      ...(telephone ? { telephone } : {}),
    },
    startTime: madridIsoDateTime(reservation.reservationDate, reservation.reservationTime),
    partySize: reservation.numberOfPeople,
    ...(manageUrl && status !== 'cancelled' ? { modifyReservationUrl: manageUrl } : {}),
  };
}
