// Linking a reservation to its guest (decision 022): by email, else by phone, else a new guest; the same rule read
// without writing (recognisedGuest) for the duplicate check and the import's dry run.
import { normaliseEmail, normalisePhone } from '@shared/rules/guests.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import * as q from './queries.ts';

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

