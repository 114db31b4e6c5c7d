// Each reservation's 'Historial de cambios' (issue 19): who changed what, and when, written in the transaction of the
// change itself, so a change and its line exist together or not at all.
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { GUEST_REQUEST_FIELDS } from '@shared/schemas/guest-request-fields.ts';
import type { ChangeAction, ReservationChange } from '@shared/schemas/reservation-history.ts';
import type { Executor } from '../../db/client.ts';
import { reservationChanges, type RestorePoint } from '../../db/schema.ts';
import { reservationWebhookEvents } from '@shared/rules/webhook-events.ts';
import type { ReservationRow } from './admin-queries.ts';
import { queueReservationWebhooks } from './webhook-events.ts';

/** Who acts: a signed-in staff account, the guest from the private page, or an API key through /api/v1 (issue 48). */
export type Actor = { kind: 'staff'; userId: string | null; email: string } | { kind: 'guest' } | { kind: 'api_key'; keyId: string; name: string };

/** The signed-in staff member (the admin guard has checked the session before any handler runs). */
export const staffActor = (request: FastifyRequest): Actor => ({
  kind: 'staff',
  userId: request.sessionUser!.id,
  email: request.sessionUser!.email,
});

/** The API key calling /api/v1 (its guard has checked the key before any handler runs). */
export const apiKeyActor = (request: FastifyRequest): Actor => ({ kind: 'api_key', keyId: request.apiKey!.id, name: request.apiKey!.name });

/** The fields a change line may name, in the order they are shown. */
const LOGGED_FIELDS = [
  'status',
  'cancellationReason',
  'arrivalStatus',
  ...GUEST_REQUEST_FIELDS,
  'adminNotes',
  'billCents',
] as const satisfies readonly (keyof ReservationRow)[];

/** The logged fields whose value differs: [before, after]. A creation passes no `before`. */
export function changedFields(before: ReservationRow | null, after: ReservationRow): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of LOGGED_FIELDS) {
    const previous = before ? before[field] : null;
    if (previous !== after[field] && !(before === null && after[field] === null)) changes[field] = [previous, after[field]];
  }
  return changes;
}

export async function logChange(
  tx: Executor,
  entry: {
    reservationId: string;
    at: Date;
    actor: Actor;
    action: ChangeAction;
    changes: Record<string, [unknown, unknown]>;
    override?: boolean;
    /** For a change 'Deshacer' may take back: its group and what to put back. */
    undo?: { group: string; restore: RestorePoint } | null;
  },
): Promise<void> {
  await tx.insert(reservationChanges).values({
    reservationId: entry.reservationId,
    at: entry.at,
    actor: entry.actor.kind,
    userId: entry.actor.kind === 'staff' ? entry.actor.userId : null,
    actorEmail: entry.actor.kind === 'staff' ? entry.actor.email : null,
    apiKeyId: entry.actor.kind === 'api_key' ? entry.actor.keyId : null,
    apiKeyName: entry.actor.kind === 'api_key' ? entry.actor.name : null,
    action: entry.action,
    changes: entry.changes,
    override: entry.override ?? false,
    undoGroup: entry.undo?.group ?? null,
    restore: entry.undo?.restore ?? null,
  });
  await queueReservationWebhooks(tx, entry.reservationId, reservationWebhookEvents(entry.action, entry.changes), entry.at);
}

/** A reservation's change lines, oldest first. */
export async function changeLog(db: Executor, reservationId: string): Promise<ReservationChange[]> {
  const rows = await db
    .select()
    .from(reservationChanges)
    .where(eq(reservationChanges.reservationId, reservationId))
    .orderBy(asc(reservationChanges.at), asc(reservationChanges.id));
  return rows.map((row) => ({
    at: row.at.toISOString(),
    actor: row.actor,
    actorEmail: row.actorEmail,
    apiKeyName: row.apiKeyName,
    action: row.action,
    changes: row.changes,
    override: row.override,
  }));
}
