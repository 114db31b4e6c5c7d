// The guest's waitlist links: an entry's page and an offer's. As for every guest link, a token is 32 random bytes
// minted by the delivery worker just before the email leaves (decision 012); only its SHA-256 is stored.
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.ts';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { GUEST_TOKEN_BYTES } from '@shared/limits.ts';
import { WAITLIST_ENTRY_PATH, WAITLIST_OFFER_PATH } from '@shared/routes.ts';
import { selfServiceTokenSchema } from '@shared/schemas/self-service.ts';
import type { Executor } from '../../db/client.ts';
import { type OutboxLink, waitlistEntries, waitlistOffers, waitlistTokens } from '../../db/schema.ts';
import { newLinkPlaceholder } from '../../platform/outbox.ts';
import { hashSelfServiceToken, refuseErasedLink } from '../private-links/service.ts';

type WaitlistLink = Extract<OutboxLink, { kind: 'waitlist_entry' | 'waitlist_offer' }>;

/** ?lang for a guest whose language is not Spanish: the page opens in it. */
const inLanguage = (language: Language) => (language === DEFAULT_LANGUAGE ? '' : `?lang=${language}`);

/** The entry's page link as a queued email holds it: a placeholder where the token will be minted. */
export function pendingEntryLink(publicUrl: URL, entryId: string, language: Language): { url: string; link: WaitlistLink } {
  const placeholder = newLinkPlaceholder();
  return {
    url: new URL(`${WAITLIST_ENTRY_PATH}${placeholder}${inLanguage(language)}`, publicUrl).toString(),
    link: { kind: 'waitlist_entry', entryId, placeholder },
  };
}

/** The offer's link as a queued email holds it; `lapsed`: the expiry email's, to the page of the offer that lapsed. */
export function pendingOfferLink(
  publicUrl: URL,
  entryId: string,
  offerId: string,
  language: Language,
  lapsed = false,
): { url: string; link: WaitlistLink } {
  const placeholder = newLinkPlaceholder();
  return {
    url: new URL(`${WAITLIST_OFFER_PATH}${placeholder}${inLanguage(language)}`, publicUrl).toString(),
    link: { kind: 'waitlist_offer', entryId, offerId, placeholder, ...(lapsed ? { lapsed: true as const } : {}) },
  };
}

/**
 * At delivery: a fresh token for the entry (or the offer), or null when there is nothing to send any more: the entry
 * is gone, or the offer is no longer open (its email is then dropped rather than offering a place already passed on);
 * the expiry email's link needs the offer expired.
 */
export async function mintWaitlistToken(db: Executor, link: WaitlistLink, now: Date): Promise<string | null> {
  if (link.kind === 'waitlist_offer') {
    const [open] = await db
      .select({ id: waitlistOffers.id })
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.id, link.offerId), eq(waitlistOffers.status, link.lapsed ? 'expired' : 'open')))
      .limit(1);
    if (!open) return null;
  } else {
    const [entry] = await db.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.id, link.entryId)).limit(1);
    if (!entry) return null;
  }
  return issueWaitlistToken(db, link.entryId, link.kind === 'waitlist_offer' ? link.offerId : null, now);
}

async function issueWaitlistToken(db: Executor, entryId: string, offerId: string | null, now: Date): Promise<string> {
  const token = randomBytes(GUEST_TOKEN_BYTES).toString('base64url');
  await db.insert(waitlistTokens).values({ tokenHash: hashSelfServiceToken(token), entryId, offerId, createdAt: now });
  return token;
}

/**
 * The entry's page as a same-site path on a fresh token, for the booking form's summary of a join (issue 50): the
 * answer is the only copy of the token, as with a booking's (private-links' guestLinkPaths).
 */
export async function entryPagePath(tx: Executor, entryId: string, language: Language, now: Date): Promise<string> {
  return `${WAITLIST_ENTRY_PATH}${await issueWaitlistToken(tx, entryId, null, now)}${inLanguage(language)}`;
}

/** What a token opens, or null for a malformed or unknown one; a link whose data was erased says so (410). */
export async function tokenTarget(db: Executor, token: string): Promise<{ entryId: string; offerId: string | null } | null> {
  if (!selfServiceTokenSchema.safeParse(token).success) return null;
  const [row] = await db
    .select({ entryId: waitlistTokens.entryId, offerId: waitlistTokens.offerId })
    .from(waitlistTokens)
    .where(eq(waitlistTokens.tokenHash, hashSelfServiceToken(token)))
    .limit(1);
  if (!row) await refuseErasedLink(db, token);
  return row ?? null;
}
