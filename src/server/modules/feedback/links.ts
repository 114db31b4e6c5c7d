// The rating link (issue 47, item 5): minted at delivery (decision 012), its SHA-256 kept on the request; it opens the
// page until the guest answers or FEEDBACK_LINK_DAYS pass.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { GUEST_TOKEN_BYTES } from '@shared/limits.ts';
import { FEEDBACK_PATH } from '@shared/routes.ts';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.ts';
import type { Executor } from '../../db/client.ts';
import { feedbackRequests, type OutboxLink } from '../../db/schema.ts';
import { newLinkPlaceholder } from '../../platform/outbox.ts';
import { hashSelfServiceToken } from '../private-links/service.ts';


const feedbackUrl = (publicUrl: URL, token: string, language: Language) =>
  new URL(`${FEEDBACK_PATH}${token}${language === DEFAULT_LANGUAGE ? '' : `?lang=${language}`}`, publicUrl).toString();

/** The link as a queued email or message holds it: a placeholder where the token will be minted. */
export function pendingFeedbackLink(publicUrl: URL, requestId: string, language: Language): { url: string; link: OutboxLink } {
  const placeholder = newLinkPlaceholder();
  return { url: feedbackUrl(publicUrl, placeholder, language), link: { kind: 'feedback', requestId, placeholder } };
}

/**
 * At delivery: a fresh token for a request still open, or null (answered or expired: the message is dropped). A
 * message that fell back to email mints again, and the first token stops working.
 */
export async function mintFeedbackToken(db: Executor, requestId: string, now: Date): Promise<string | null> {
  const token = randomBytes(GUEST_TOKEN_BYTES).toString('base64url');
  const minted = await db
    .update(feedbackRequests)
    .set({ tokenHash: hashSelfServiceToken(token) })
    .where(and(eq(feedbackRequests.id, requestId), isNull(feedbackRequests.answeredAt), gt(feedbackRequests.expiresAt, now)))
    .returning({ id: feedbackRequests.id });
  return minted.length ? token : null;
}
