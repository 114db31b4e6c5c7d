// A number that answered 'BAJA' or 'STOP' (issue 46, item 2) gets nothing more on that channel: no notice, no staff
// reply, not even a message queued before the answer, until the guest ticks the box again (consents.ts).
import { and, eq } from 'drizzle-orm';
import type { MessageChannel } from '@shared/schemas/messaging.ts';
import type { Executor } from '../../db/client.ts';
import { messagingOptOuts } from '../../db/schema.ts';

export async function isOptedOut(db: Executor, phoneE164: string, channel: MessageChannel): Promise<boolean> {
  const found = await db
    .select({ id: messagingOptOuts.id })
    .from(messagingOptOuts)
    .where(and(eq(messagingOptOuts.phoneE164, phoneE164), eq(messagingOptOuts.channel, channel)))
    .limit(1);
  return found.length > 0;
}

/** The guest's 'BAJA' / 'STOP', with the word they sent. */
export async function recordOptOut(tx: Executor, phoneE164: string, channel: MessageChannel, keyword: string): Promise<void> {
  await tx.insert(messagingOptOuts).values({ channel, phoneE164, keyword: keyword.slice(0, 40) });
}

/** A new consent on that channel lifts it. */
export async function liftOptOut(tx: Executor, phoneE164: string, channel: MessageChannel): Promise<void> {
  await tx.delete(messagingOptOuts).where(and(eq(messagingOptOuts.phoneE164, phoneE164), eq(messagingOptOuts.channel, channel)));
}
