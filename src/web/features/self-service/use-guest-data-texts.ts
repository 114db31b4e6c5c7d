// 'Tus datos personales' and the erasure page's texts in the guest's language. Another language's come with its
// translation; the Spanish ones load with these pages, not with the first screen.
import { guestDataMessages } from '@shared/guest-messages/guest-data';
import type { GuestTexts } from '@shared/i18n/guest-texts';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';

export function useGuestDataTexts(): GuestTexts['guestData'] {
  return useGuestLanguage().translation?.guestData ?? guestDataMessages;
}
