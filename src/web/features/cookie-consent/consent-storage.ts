// The visitor's cookie choice, kept in this browser (spec point 3, 'Cookie consent').
// Checked by hand rather than with zod: this runs on the landing page's first render, and zod stays out of its
// initial JavaScript (PERFORMANCE.md, guest page weight).
import { CONSENT_POLICY_VERSION, COOKIE_CONSENT_STORAGE_KEY } from '@shared/limits';

export interface CookiePreferences {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
}

export interface StoredConsent {
  version: string;
  date: string;
  preferences: CookiePreferences;
}

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
  return isStoredConsent(json) && json.version === CONSENT_POLICY_VERSION ? json : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStoredConsent(value: unknown): value is StoredConsent {
  if (!isRecord(value) || typeof value.version !== 'string' || typeof value.date !== 'string') return false;
  const { preferences } = value;
  return (
    isRecord(preferences) &&
    preferences.necessary === true &&
    typeof preferences.analytics === 'boolean' &&
    typeof preferences.marketing === 'boolean'
  );
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
