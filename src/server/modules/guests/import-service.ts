// The guests an import brings (issue 49): each merged into the guest linkGuest recognises, or created with the
// import's id; what a merge changed is kept so that 'Deshacer importación' puts the guest back as it was.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { GUEST_NOTE_MAX } from '@shared/limits.ts';
import type { Allergen } from '@shared/schemas/guest.ts';
import type { ImportLawfulBasis } from '@shared/schemas/import.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { guests, importGuestMerges, reservations } from '../../db/schema.ts';
import { type GuestContact, type GuestLookup, linkGuest, normalisedContact, recognisedGuest } from './link.ts';
import * as q from './queries.ts';

/** Lookups per statement: a file of 20,000 guests is read in 20 statements. */
const LOOKUP_CHUNK = 1000;

export interface ImportedGuest extends GuestContact {
  name: string | null;
  note: string | null;
  tags: readonly string[];
  allergens: readonly Allergen[];
}

/** lookUpGuest for many contacts at once (the dry run), in their order; null for a contact with neither. */
export async function lookUpGuests(db: Executor, contacts: readonly GuestContact[]): Promise<(GuestLookup | null)[]> {
  const answers: (GuestLookup | null)[] = [];
  for (let start = 0; start < contacts.length; start += LOOKUP_CHUNK) {
    const chunk = contacts.slice(start, start + LOOKUP_CHUNK).map(normalisedContact);
    const emails = chunk.flatMap((contact) => (contact.email ? [contact.email] : []));
    const phones = chunk.flatMap((contact) => (contact.phone ? [contact.phone] : []));
    const rows =
      emails.length + phones.length === 0
        ? []
        : await db
            .select({ id: guests.id, email: guests.email, phone: guests.phone })
            .from(guests)
            .where(or(emails.length ? inArray(guests.email, emails) : undefined, phones.length ? inArray(guests.phone, phones) : undefined));
    for (const { email, phone } of chunk) {
      answers.push(email || phone ? { email, phone, found: q.guestsByContact(rows, email, phone) } : null);
    }
  }
  return answers;
}

/** The guest an imported row names, for the report: who it would merge into, or null for a new guest. */
export function importedGuestMatch(lookup: GuestLookup | null): { id: string; contact: string } | null {
  const id = recognisedGuest(lookup);
  if (!id || !lookup) return null;
  const guest = lookup.found.byEmail?.id === id ? lookup.found.byEmail : lookup.found.byPhone;
  return { id, contact: guest?.email ?? guest?.phone ?? '' };
}

/** A note joined to another, within the guest note's limit. */
export function joinedNote(before: string | null, added: string | null): string | null {
  if (!added || before?.includes(added)) return before;
  const joined = before ? `${before}\n${added}` : added;
  return joined.length <= GUEST_NOTE_MAX ? joined : `${joined.slice(0, GUEST_NOTE_MAX - 1)}…`;
}

export type ImportedGuestWritten = { id: string; merged: boolean } | null;
type ImportSource = { importId: string; basis: ImportLawfulBasis };

/**
 * Writes a batch of imported guests in the caller's transaction, each merged into the guest linkGuest recognises (its
 * missing email or phone filled, the name kept or given, the note, tags and allergens joined) or created; answers in
 * their order (null for a guest with neither email nor phone). New guests that share no email or phone with another
 * of the batch are inserted in one statement; the others, one by one, as linkGuest would.
 */
export async function importGuests(tx: Transaction, batch: readonly ImportedGuest[], from: ImportSource, now: Date): Promise<ImportedGuestWritten[]> {
  const lookups = await lookUpGuests(tx, batch);
  const answers: ImportedGuestWritten[] = batch.map(() => null);
  const claimed = new Set<string>();
  const inserts: { index: number; values: typeof guests.$inferInsert }[] = [];
  const oneByOne: number[] = [];
  lookups.forEach((lookup, index) => {
    if (!lookup) return;
    const keys = [lookup.email && `e ${lookup.email}`, lookup.phone && `p ${lookup.phone}`].filter((key): key is string => Boolean(key));
    const shared = keys.some((key) => claimed.has(key));
    keys.forEach((key) => claimed.add(key));
    if (shared || recognisedGuest(lookup)) return oneByOne.push(index);
    inserts.push({ index, values: newGuestValues(batch[index]!, lookup, from) });
  });
  if (inserts.length > 0) {
    const created = await tx.insert(guests).values(inserts.map((insert) => insert.values)).onConflictDoNothing().returning({ id: guests.id, email: guests.email, phone: guests.phone });
    const byContact = new Map(created.map((row) => [`${row.email} ${row.phone}`, row.id]));
    for (const { index, values } of inserts) {
      const id = byContact.get(`${values.email ?? null} ${values.phone ?? null}`);
      if (id) answers[index] = { id, merged: false };
      else oneByOne.push(index);
    }
  }
  for (const index of oneByOne.sort((a, b) => a - b)) answers[index] = await importGuest(tx, batch[index]!, from, now);
  return answers;
}

/** A new guest's row. Two people may share a phone: a new guest with another email leaves it to the guest holding it. */
const newGuestValues = (guest: ImportedGuest, lookup: GuestLookup, from: ImportSource): typeof guests.$inferInsert => ({
  email: lookup.email,
  phone: lookup.found.byPhone ? null : lookup.phone,
  name: guest.name,
  note: guest.note,
  tags: [...guest.tags],
  allergens: [...guest.allergens],
  importId: from.importId,
  importedBasis: from.basis,
});

/** One imported guest, merged or created as importGuests does. */
async function importGuest(tx: Transaction, guest: ImportedGuest, from: ImportSource, now: Date): Promise<ImportedGuestWritten> {
  const { email, phone } = normalisedContact(guest);
  if (!email && !phone) return null;
  const lookup = await q.findGuestsByContact(tx, email, phone);
  const found: GuestLookup = { email, phone, found: lookup };
  if (!recognisedGuest(found)) {
    const [created] = await tx
      .insert(guests)
      .values(newGuestValues(guest, found, from))
      .onConflictDoNothing()
      .returning({ id: guests.id });
    if (created) return { id: created.id, merged: false };
  }
  const id = await linkGuest(tx, guest, now, found);
  if (!id) return null;
  await mergeInto(tx, id, guest, from.importId, now);
  return { id, merged: true };
}

async function mergeInto(tx: Transaction, id: string, guest: ImportedGuest, importId: string, now: Date): Promise<void> {
  const [before] = await tx.select().from(guests).where(eq(guests.id, id)).for('update');
  if (!before) return;
  // The first merge of this import keeps the guest as it was before the import; contacts linkGuest filled included.
  await tx
    .insert(importGuestMerges)
    .values({ importId, guestId: id, name: before.name, email: before.email, phone: before.phone, note: before.note, tags: before.tags, allergens: before.allergens })
    .onConflictDoNothing();
  const tags = [...new Set([...before.tags, ...guest.tags])];
  const allergens = [...new Set([...before.allergens, ...guest.allergens])];
  await tx
    .update(guests)
    .set({ name: before.name ?? guest.name, note: joinedNote(before.note, guest.note), tags, allergens, updatedAt: now })
    .where(eq(guests.id, id));
}

/**
 * 'Deshacer importación' for the guests: the merged ones back as they were (their contacts only where the import
 * filled them), the created ones deleted unless a booking not of the import has come to them since.
 */
export async function undoImportedGuests(tx: Transaction, importId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    update guests g set
      name = coalesce(m.name, case when exists (select 1 from reservations r where r.guest_id = g.id) then g.name end),
      note = m.note, tags = m.tags, allergens = m.allergens, updated_at = ${now},
      email = case when m.email is null then null else g.email end,
      phone = case when m.phone is null then null else g.phone end
    from import_guest_merges m
    where m.import_id = ${importId} and m.guest_id = g.id`);
  await tx.delete(importGuestMerges).where(eq(importGuestMerges.importId, importId));
  const kept = tx.select({ id: reservations.guestId }).from(reservations).where(eq(reservations.guestId, guests.id));
  await tx.delete(guests).where(and(eq(guests.importId, importId), sql`not exists (${kept})`));
}
