import { formatMessage, messages } from '@shared/messages.ts';
import type { CookieConsentInput } from '@shared/schemas/reservation.ts';
import type { Executor } from '../../db/client.ts';
import { cookieConsents } from '../../db/schema.ts';

/** The spec's record_gdpr_consent: every cookie choice, with the text the visitor saw. The IP is not kept. */
export async function recordCookieConsent(
  db: Executor,
  { version, preferences }: CookieConsentInput,
  userAgent: string | undefined,
): Promise<void> {
  await db.insert(cookieConsents).values({
    consentType: 'cookies',
    ipAddress: null,
    userAgent: userAgent?.slice(0, 500) ?? null,
    consentVersion: version,
    legalText: formatMessage(messages.cookies.legalText, { version }),
    preferences,
  });
}
