import { formatMessage } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { guestOutcome } from '@shared/rules/guests.ts';
import type { Allergen, GuestView } from '@shared/schemas/guest.ts';
import type { ArrivalStatus, ReservationStatus } from '@shared/schemas/reservation.ts';
import type { GuestSummary } from '@shared/schemas/staff-reservation.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { recordChange } from '../../platform/events.ts';
import * as q from './queries.ts';

/** The 'Clientes' segments in SQL on `guests`: one definition for the list and for Estadísticas (issue 47). */
export { segmentConditions } from './profile-queries.ts';
export {
  type ImportedGuest,
  type ImportedGuestWritten,
  importedGuestMatch,
  importGuests,
  joinedNote,
  lookUpGuests,
  undoImportedGuests,
} from './import-service.ts';
export { type GuestContact, type GuestLookup, guestLookupColumn, linkGuest, lookUpGuest, normalisedContact, recognisedGuest } from './link.ts';

interface ReservationOfGuest {
  guestId: string | null;
  status: ReservationStatus;
  arrivalStatus: ArrivalStatus;
}

/**
 * The guest summary of each listed reservation (same order), counting the guest's other reservations only: one
 * grouped query for the whole list, then the reservation's own outcome taken back out of its guest's counts.
 */
export async function guestSummaries(db: Executor, rows: ReservationOfGuest[]): Promise<(GuestSummary | null)[]> {
  const guestIds = [...new Set(rows.flatMap((row) => (row.guestId ? [row.guestId] : [])))];
  if (guestIds.length === 0) return rows.map(() => null);
  const counts = new Map((await q.guestHistoryCounts(db, guestIds)).map((guest) => [guest.id, guest]));
  return rows.map((row) => {
    const guest = row.guestId ? counts.get(row.guestId) : undefined;
    if (!guest) return null;
    const own = guestOutcome(row);
    return {
      id: guest.id,
      note: guest.note,
      tags: guest.tags,
      allergens: guest.allergens as Allergen[],
      visits: guest.visits - (own === 'visit' ? 1 : 0),
      noShows: guest.noShows - (own === 'noShow' ? 1 : 0),
      cancellations: guest.cancellations - (own === 'cancellation' ? 1 : 0),
      // An active booking (the only kind that gets a risk) is never a late cancellation.
      lateCancellations: guest.lateCancellations,
      riskObjected: guest.riskObjectedAt !== null,
    };
  });
}

/** What a guest declares in the booking form joins what staff recorded (issue 22); nothing is taken away. */
export function addGuestAllergens(tx: Transaction, guestId: string, allergens: readonly Allergen[], now: Date): Promise<void> {
  return q.addGuestAllergens(tx, guestId, allergens, now);
}

export async function getGuestView(db: Executor, id: string): Promise<GuestView> {
  const guest = await q.findGuest(db, id);
  if (!guest) throw notFound(staffMessages.guests.errors.notFound);
  const reservations = await q.guestReservations(db, id);
  const { guestTagOptions } = await getRestaurantConfig(db);
  return { id: guest.id, email: guest.email, phone: guest.phone, note: guest.note, tags: guest.tags, allergens: guest.allergens as Allergen[], tagOptions: guestTagOptions, reservations };
}

/** An empty note clears it. Every card of the guest shows the note, so the reservation lists refresh too. */
export async function setGuestNote({ db, clock }: ServiceDeps, id: string, note: string): Promise<GuestView> {
  return db.transaction(async (tx) => {
    if (!(await q.updateGuestNote(tx, id, note || null, clock.now()))) throw notFound(staffMessages.guests.errors.notFound);
    await recordChange(tx, { table: 'guests', action: 'update', id });
    await recordChange(tx, { table: 'reservations', action: 'update', id: null });
    return getGuestView(tx, id);
  });
}

/**
 * Staff's tags (only those the owner offers in Configuración) and the guest's allergens. Every card of the guest
 * shows them, so the reservation lists refresh too.
 */
export async function setGuestTags({ db, clock }: ServiceDeps, id: string, input: { tags: string[]; allergens: Allergen[] }): Promise<GuestView> {
  return db.transaction(async (tx) => {
    const offered = new Set((await getRestaurantConfig(tx)).guestTagOptions);
    const unknown = input.tags.find((tag) => !offered.has(tag));
    if (unknown !== undefined) {
      const message = formatMessage(staffMessages.guests.errors.tagUnknown, { tag: unknown });
      throw new AppError(400, 'validation_failed', message, { tags: message });
    }
    if (!(await q.updateGuestTags(tx, id, input, clock.now()))) throw notFound(staffMessages.guests.errors.notFound);
    await recordChange(tx, { table: 'guests', action: 'update', id });
    await recordChange(tx, { table: 'reservations', action: 'update', id: null });
    return getGuestView(tx, id);
  });
}
