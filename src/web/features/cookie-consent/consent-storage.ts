// The visitor's cookie choice, kept in this browser (spec point 3, 'Cookie consent').
import { z } from 'zod';
import { CONSENT_POLICY_VERSION, COOKIE_CONSENT_STORAGE_KEY } from '@shared/limits';

const preferencesSchema = z.object({
  necessary: z.literal(true),
  analytics: z.boolean(),
  marketing: z.boolean(),
});
export type CookiePreferences = z.infer<typeof preferencesSchema>;

const storedConsentSchema = z.object({
  version: z.string(),
  date: z.string(),
  preferences: preferencesSchema,
});
export type StoredConsent = z.infer<typeof storedConsentSchema>;

export const ALL_COOKIES: CookiePreferences = { necessary: true, analytics: true, marketing: true };
export const NECESSARY_ONLY: CookiePreferences = { necessary: true, analytics: false, marketing: false };

/**
 * The stored choice, or null when there is none, it cannot be parsed, or it was given for another version of
 * the cookie policy (a new policy is asked for again). Storage that cannot be read counts as no choice.
 */
export function readStoredConsent(): StoredConsent | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = storedConsentSchema.safeParse(json);
  return parsed.success && parsed.data.version === CONSENT_POLICY_VERSION ? parsed.data : null;
}

/** Stores the choice; where storage is unavailable (some private modes) it only lasts for this page. */
export function storeConsent(preferences: CookiePreferences, now = new Date()): StoredConsent {
  const consent: StoredConsent = { version: CONSENT_POLICY_VERSION, date: now.toISOString(), preferences };
  try {
    window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch (error) {
    console.error('No se pudo guardar la elección de cookies', error);
  }
  return consent;
}
