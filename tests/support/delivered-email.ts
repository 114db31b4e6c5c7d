import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/client.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import type { emailOutbox } from '../../src/server/db/schema.ts';
import { outboxLinkMinter } from '../../src/server/modules/notifications/link-minter.ts';
import { type Clock, systemClock } from '../../src/server/platform/clock.ts';
import { type RenderedEmail, renderQueuedEmail } from '../../src/server/platform/outbox.ts';

/**
 * A queued email as its recipient gets it: the link minted by the delivery worker's own code (decision 012), for
 * tests that read an email without waiting for the worker to send it. The test delivers the row itself: it is marked
 * sent first (after the worker's attempt, if one is under way), so that no later delivery mints a second link that
 * would void the one returned here.
 */
export async function deliveredEmail(db: Executor, row: typeof emailOutbox.$inferSelect, clock: Clock = systemClock): Promise<RenderedEmail> {
  await takeFromWorkers(db, row.id, clock);
  const queued = {
    to_address: row.toAddress,
    subject: row.subject,
    text_body: row.textBody,
    html_body: row.htmlBody,
    attachments: row.attachments,
    link: row.link,
  };
  const rendered = await renderQueuedEmail(queued, outboxLinkMinter(db, clock));
  if (!rendered) throw new Error(`outbox row ${row.id} would not be sent`);
  return rendered;
}

async function takeFromWorkers(db: Executor, id: number, clock: Clock): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const taken = await rowsOf<{ id: number }>(db, sql`
      update email_outbox set sent_at = coalesce(sent_at, ${clock.now()})
      where id = ${id} and (locked_until is null or locked_until <= ${clock.now()})
      returning id`);
    if (taken.length > 0) return;
    await sleep(25);
  }
  throw new Error(`outbox row ${id} stayed held by a worker`);
}
