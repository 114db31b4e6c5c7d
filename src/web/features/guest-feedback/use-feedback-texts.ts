// The rating page's texts in the guest's language; the Spanish ones load with the page, not with the first screen.
import { feedbackMessages } from '@shared/guest-messages/feedback';
import type { GuestTexts } from '@shared/i18n/guest-texts';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';

export function useFeedbackTexts(): GuestTexts['feedback'] {
  return useGuestLanguage().translation?.feedback ?? feedbackMessages;
}
