import type { Executor } from '../../src/server/db/client.ts';
import type { emailOutbox } from '../../src/server/db/schema.ts';
import { outboxLinkMinter } from '../../src/server/modules/notifications/link-minter.ts';
import { type Clock, systemClock } from '../../src/server/platform/clock.ts';
import { type RenderedEmail, renderQueuedEmail } from '../../src/server/platform/outbox.ts';

/**
 * A queued email as its recipient gets it: the link minted by the delivery worker's own code (decision 012), for
 * tests that read an email without waiting for the worker to send it.
 */
export async function deliveredEmail(db: Executor, row: typeof emailOutbox.$inferSelect, clock: Clock = systemClock): Promise<RenderedEmail> {
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
