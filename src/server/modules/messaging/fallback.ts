// A message that cannot reach the guest goes by email instead (issue 46, "the provider down"): after its last try,
// or when the provider reports it failed. Once per message, shown to staff in 'Mensajes'.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { guestMessages } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';
import { enqueueEmail, type NewEmail } from '../../platform/outbox.ts';

export async function fallBackToEmail(db: Database, messageId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [message] = await tx
      .update(guestMessages)
      .set({ status: 'failed', statusAt: now, fellBackAt: now, failedAt: sql`coalesce(${guestMessages.failedAt}, ${now})` })
      .where(and(eq(guestMessages.id, messageId), eq(guestMessages.direction, 'out'), isNull(guestMessages.fellBackAt)))
      .returning({ fallbackEmail: guestMessages.fallbackEmail, reservationId: guestMessages.reservationId });
    if (!message) return;
    if (message.fallbackEmail) {
      // Its undo window is long over: it goes now.
      const { deferMs: _deferMs, undoGroup: _undoGroup, ...email } = message.fallbackEmail as unknown as NewEmail;
      await enqueueEmail(tx, email, now);
    }
    if (message.reservationId) await recordChange(tx, { table: 'reservations', action: 'update', id: message.reservationId });
  });
}
