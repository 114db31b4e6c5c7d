// Issue 50, item 10: an outbox row's next attempt is the injected clock's now, not the database's now(): the workers
// compare it with that clock, so a clock behind the database's (a test's, a server whose clock the database does not
// share) would otherwise never find the email due.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { smtpTransport } from '../../src/server/platform/mailer.ts';
import { startSmtpPeer } from '../support/smtp-peer.ts';
import { useApiSuite, usePeer } from '../support/api-suite.ts';
import { configure } from '../support/factories.ts';

// Three days behind the real date this suite runs on, at the least: the database's now() is later.
const clock = new ManualClock(new Date(Date.now() - 3 * 24 * 3_600_000));
const ADMIN_EMAIL = 'jefa@example.com';
const peer = usePeer(() => startSmtpPeer());
const { app, owner } = useApiSuite(() => ({ clock, transport: smtpTransport(peer().url), outboxPollMs: 200 }));

beforeAll(async () => {
  await configure(app().instance.database.db, { adminEmail: ADMIN_EMAIL });
});

describe('email_outbox.next_attempt_at', () => {
  it("is the injected clock's now, and the worker on that clock sends the email", async () => {
    const response = await app().request({ method: 'POST', url: '/api/admin/notifications/test', cookie: owner(), payload: { kind: 'confirmation' } });
    expect(response.statusCode).toBe(202);

    const [row] = await app().instance.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'test_confirmation'));
    expect(row!.nextAttemptAt.toISOString()).toBe(clock.now().toISOString());
    const [received] = await peer().waitForMessages(1);
    expect(received!.envelopeTo).toEqual([ADMIN_EMAIL]);
  });
});
