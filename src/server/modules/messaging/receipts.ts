// The provider's receipts for what Mesa sent (issue 46, item 3): sent → delivered → read, or failed. A receipt never
// moves a message back (they can arrive out of order); a failure of a booking's message sends its email instead.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { TEMPLATE_MESSAGE_KINDS, type MessageChannel, type TemplateMessageKind } from '@shared/schemas/messaging.ts';
import { guestMessages } from '../../db/schema.ts';
import { recordChange } from '../../platform/events.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { fallBackToEmail } from './fallback.ts';

export type ReceiptStatus = 'sent' | 'delivered' | 'read' | 'failed';

export interface Receipt {
  channel: MessageChannel;
  providerMessageId: string;
  status: ReceiptStatus;
  error: string | null;
}

/** How far along a message is; 'failed' ends it unless it was already read. */
const RANK = sql`case status when 'queued' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 4 end`;
const NEW_RANK: Record<ReceiptStatus, number> = { sent: 1, delivered: 2, read: 3, failed: 2.5 };

/**
 * False when no message of Mesa's has that id (yet: the send's answer may still be on its way). `reference`: Mesa's
 * own id of the message when the provider carries it back (Twilio's status callback URL), which finds it even then.
 */
export async function applyReceipt({ db, clock }: ServiceDeps, receipt: Receipt, reference: number | null = null): Promise<boolean> {
  const now = clock.now();
  const byProviderId = eq(guestMessages.providerMessageId, receipt.providerMessageId);
  const byReference = reference === null ? undefined : and(eq(guestMessages.id, reference), isNull(guestMessages.providerMessageId));
  const [message] = await db
    .select({ id: guestMessages.id, kind: guestMessages.kind, reservationId: guestMessages.reservationId })
    .from(guestMessages)
    .where(and(eq(guestMessages.channel, receipt.channel), eq(guestMessages.direction, 'out'), byReference ? or(byProviderId, byReference) : byProviderId));
  if (!message) return false;
  const moved = await db
    .update(guestMessages)
    .set({
      status: receipt.status,
      statusAt: now,
      providerMessageId: receipt.providerMessageId,
      ...(receipt.error ? { lastError: receipt.error.slice(0, 1000) } : {}),
    })
    .where(and(eq(guestMessages.id, message.id), sql`${RANK} < ${NEW_RANK[receipt.status]}`))
    .returning({ id: guestMessages.id });
  if (moved.length === 0) return true;
  if (receipt.status === 'failed' && (TEMPLATE_MESSAGE_KINDS as readonly string[]).includes(message.kind as TemplateMessageKind)) {
    await fallBackToEmail(db, message.id, now);
  } else if (message.reservationId) {
    await db.transaction((tx) => recordChange(tx, { table: 'reservations', action: 'update', id: message.reservationId! }));
  }
  return true;
}
