// 'Unir clientes' (issue 47): two profiles of the same person (two emails, say) become one. The kept profile takes
// the other's bookings (the trigger recomputes both), feedback, tags, allergens and note; the other is deleted and
// recorded, as it was, in guest_merges. Both rows are locked in id order: two staff merging the same pair at once
// make one merge, and a merge never runs across an erasure of either guest (which locks the guest row too).
import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { GUEST_NOTE_MAX } from '@shared/limits.ts';
import { formatMessage } from '@shared/messages.ts';
import type { GuestMergeResult } from '@shared/schemas/guest-profile.ts';
import { guestListMessages } from '@shared/staff-messages/guest-list.ts';
import type { Transaction } from '../../db/client.ts';
import { erasureRequests, feedbackRequests, guestMerges, guests, reservations } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';

const errors = guestListMessages.merge.errors;

export interface MergeActor {
  userId: string;
  email: string;
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])].sort();

/** A guest whose data the guest asked to erase (a link still open) is not merged: the erasure must find it whole. */
async function erasureAsked(tx: Transaction, guestIds: string[], now: Date): Promise<boolean> {
  const rows = await tx
    .select({ id: erasureRequests.id })
    .from(erasureRequests)
    .innerJoin(reservations, eq(reservations.id, erasureRequests.reservationId))
    .where(and(inArray(reservations.guestId, guestIds), isNull(erasureRequests.usedAt), gt(erasureRequests.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}

const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));

function joinedNote(kept: string | null, merged: string | null): string | null {
  const notes = [kept, merged].filter((note): note is string => Boolean(note?.trim()));
  const note = notes.length ? [...new Set(notes)].join('\n') : null;
  if (note && note.length > GUEST_NOTE_MAX) throw conflict('notes_too_long', formatMessage(errors.notesTooLong, { max: GUEST_NOTE_MAX }));
  return note;
}

/** POST /api/admin/guests/:id/merge: `mergedId` is joined into `keptId`. */
export async function mergeGuests({ db, clock }: ServiceDeps, keptId: string, mergedId: string, actor: MergeActor): Promise<GuestMergeResult> {
  if (keptId === mergedId) throw badRequest(errors.same);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(guests)
      .where(or(eq(guests.id, keptId), eq(guests.id, mergedId)))
      .orderBy(asc(guests.id))
      .for('update');
    const kept = rows.find((row) => row.id === keptId);
    const merged = rows.find((row) => row.id === mergedId);
    if (!kept || !merged) throw notFound(errors.notFound);
    if (await erasureAsked(tx, [keptId, mergedId], now)) throw conflict('guest_being_erased', errors.beingErased);

    const note = joinedNote(kept.note, merged.note);
    const moved = await tx.update(reservations).set({ guestId: keptId }).where(eq(reservations.guestId, mergedId)).returning({ id: reservations.id });
    await tx.update(feedbackRequests).set({ guestId: keptId }).where(eq(feedbackRequests.guestId, mergedId));
    await tx.update(guestMerges).set({ keptGuestId: keptId }).where(eq(guestMerges.keptGuestId, mergedId));
    await tx.insert(guestMerges).values({
      keptGuestId: keptId,
      mergedGuestId: mergedId,
      mergedName: merged.name,
      mergedEmail: merged.email,
      mergedPhone: merged.phone,
      reservationsMoved: moved.length,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      mergedAt: now,
    });
    await tx.delete(guests).where(eq(guests.id, mergedId));
    // The kept profile takes the contact it lacked, now that the other no longer holds it.
    await tx
      .update(guests)
      .set({
        note,
        tags: union(kept.tags, merged.tags),
        allergens: union(kept.allergens, merged.allergens),
        email: kept.email ?? merged.email,
        phone: kept.phone ?? merged.phone,
        // An objection to the no-show risk made on either profile is the person's: it holds, from its first date.
        riskObjectedAt: earliest(kept.riskObjectedAt, merged.riskObjectedAt),
        updatedAt: now,
      })
      .where(eq(guests.id, keptId));
    await recordChange(tx, { table: 'guests', action: 'delete', id: mergedId });
    await recordChange(tx, { table: 'guests', action: 'update', id: keptId });
    if (moved.length) await recordChange(tx, { table: 'reservations', action: 'update', id: null });
    return { keptGuestId: keptId, mergedGuestId: mergedId, reservationsMoved: moved.length };
  });
}
