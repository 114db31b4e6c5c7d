// The private page's texts in the guest's language. Another language's come with its translation; the Spanish ones
// load with this page, not with the first screen.
import { selfServiceMessages } from '@shared/guest-messages/self-service';
import type { GuestTexts } from '@shared/i18n/guest-texts';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';

export function useSelfServiceTexts(): GuestTexts['selfService'] {
  return useGuestLanguage().translation?.selfService ?? selfServiceMessages;
}
