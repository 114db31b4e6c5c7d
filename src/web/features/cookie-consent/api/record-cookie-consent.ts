import { useMutation } from '@tanstack/react-query';
import type { CookieConsentInput } from '@shared/schemas/reservation';
import { apiFetch } from '@web/lib/api';

/** POST /api/public/cookie-consent (the spec's record_gdpr_consent); answers 204. */
export function recordCookieConsent(input: CookieConsentInput): Promise<void> {
  return apiFetch<void>('/api/public/cookie-consent', { method: 'POST', body: input });
}

/** Fire and forget: the choice already holds in this browser, so a failed record is only logged. */
export function useRecordCookieConsent() {
  return useMutation({
    mutationFn: recordCookieConsent,
    onError: (error) => console.error('No se pudo registrar el consentimiento de cookies', error),
  });
}
