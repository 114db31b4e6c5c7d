import { formatMessage } from '@shared/messages.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { guestOutcome, normaliseEmail, normalisePhone } from '@shared/rules/guests.ts';
import type { Allergen, GuestView } from '@shared/schemas/guest.ts';
import type { ArrivalStatus, GuestSummary, ReservationStatus } from '@shared/schemas/reservation.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { recordChange } from '../../platform/events.ts';
import * as q from './queries.ts';

/** The 'Clientes' segments in SQL on `guests`: one definition for the list and for Estadísticas (issue 47). */
export { segmentConditions } from './profile-queries.ts';
export { type ImportedGuest, importedGuestMatch, importGuest, joinedNote, lookUpGuests, undoImportedGuests } from './import-service.ts';

/**
 * A racing transaction can take the guest's email or phone between our read and our write; then we read again. Each
 * round loses only to a transaction that committed meanwhile, so a few more rounds than racers is enough: 3 was not,
 * once, with four links of one guest at once on PostgreSQL (CI, 2026-11-26).
 */
const LINK_ATTEMPTS = 6;
const UNIQUE_VIOLATION = '23505';

export interface GuestContact {
  email?: string | null;
  phone?: string | null;
}

/**
 * The guest a new reservation belongs to, in the caller's transaction: the guest with its email, else the one with its
 * phone (unless that guest has another email: two people may share a phone), else a new guest. A found guest gets the
 * email or phone it lacked. Null when the reservation has neither. `earlier`: this contact's `lookUpGuest`, made
 * earlier in the same transaction (the duplicate check's), is the first round's read; a racing change is then caught
 * by the insert or the fill and read again, as with a fresh read.
 */
export async function linkGuest(tx: Transaction, contact: GuestContact, now: Date, earlier?: GuestLookup | null): Promise<string | null> {
  const { email, phone } = normalisedContact(contact);
  if (!email && !phone) return null;
  let found = earlier && earlier.email === email && earlier.phone === phone ? earlier.found : undefined;
  for (let attempt = 0; attempt < LINK_ATTEMPTS; attempt++) {
    const id = await findOrInsertGuest(tx, email, phone, now, found ?? (await q.findGuestsByContact(tx, email, phone)));
    if (id) return id;
    found = undefined;
  }
  throw new Error(`guest for ${email ?? phone} kept changing under concurrent reservations`);
}

/** The contact as linkGuest normalises it and the guests it matches. */
export interface GuestLookup {
  email: string | null;
  phone: string | null;
  found: q.GuestsByContact;
}

/** The contact as guests are matched by it. */
export const normalisedContact = (contact: GuestContact) => ({ email: normaliseEmail(contact.email), phone: normalisePhone(contact.phone) });

/** One read of the guests a contact matches, without writing anything; null when it has neither email nor phone. */
export async function lookUpGuest(db: Executor, contact: GuestContact): Promise<GuestLookup | null> {
  const { email, phone } = normalisedContact(contact);
  if (!email && !phone) return null;
  return { email, phone, found: await q.findGuestsByContact(db, email, phone) };
}

/**
 * lookUpGuest as a column of another module's statement (a guest's request reads it with its standing, after its
 * lock: one round trip less): the column for a contact, and the reading of the column's value.
 */
export const guestLookupColumn = {
  column: (contact: GuestContact) => {
    const { email, phone } = normalisedContact(contact);
    return q.guestsByContactColumn(email, phone);
  },
  read(contact: GuestContact, rows: q.ContactGuest[]): GuestLookup | null {
    const { email, phone } = normalisedContact(contact);
    return email || phone ? { email, phone, found: q.guestsByContact(rows, email, phone) } : null;
  },
};

/** The guest `linkGuest` would link the looked-up contact to, without writing anything; null when it would make a new one. */
export function recognisedGuest(lookup: GuestLookup | null): string | null {
  if (!lookup) return null;
  const { byEmail, byPhone } = lookup.found;
  if (byEmail) return byEmail.id;
  return byPhone && !(lookup.email && byPhone.email) ? byPhone.id : null;
}

async function findOrInsertGuest(tx: Transaction, email: string | null, phone: string | null, now: Date, found: q.GuestsByContact): Promise<string | null> {
  const { byEmail, byPhone } = found;
  if (byEmail) {
    if (phone && !byEmail.phone) await fillContact(tx, byEmail.id, 'phone', phone, now);
    return byEmail.id;
  }
  if (byPhone && !(email && byPhone.email)) {
    if (!email || (await fillContact(tx, byPhone.id, 'email', email, now))) return byPhone.id;
    // Another email reached that guest first, or ours is on another guest by now: read again.
    return null;
  }
  // Insert … on conflict do nothing: of two concurrent first reservations one inserts, the other reads it next round.
  return q.insertGuest(tx, { email, phone: byPhone ? null : phone });
}

/**
 * In a savepoint, so a value taken by a racing transaction leaves the guest as it was instead of failing the booking.
 * True when the guest now holds the value.
 */
async function fillContact(tx: Transaction, id: string, field: 'email' | 'phone', value: string, now: Date): Promise<boolean> {
  try {
    return await tx.transaction((savepoint) => q.fillGuestContact(savepoint, id, field, value, now));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return false;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = current.cause;
  }
  return false;
}

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
