// The 'WhatsApp' link on a staff booking card (issue 46, item 5): wa.me opens a chat with the guest in the staff's
// own WhatsApp, its first words written in the guest's language. No provider is involved, so it works unconfigured.
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.ts';
import { formatMessage } from '@shared/messages.ts';
import { formatLongDate } from '@shared/rules/templates.ts';
import { guestEmailTexts } from '../../platform/guest-language.ts';
import { readPhone } from './phone-numbers.ts';

export interface ChatBooking {
  customerName: string;
  customerPhone: string | null;
  reservationDate: string;
  reservationTime: string;
  language: Language | null;
}

/** https://wa.me/<number without '+'>?text=…, or null when the booking has no phone a chat can reach (a fixed line). */
export function whatsappChatUrl(restaurantName: string, booking: ChatBooking): string | null {
  const phone = booking.customerPhone === null ? null : readPhone(booking.customerPhone);
  if (!phone?.ok || !phone.mobile) return null;
  const language = booking.language ?? DEFAULT_LANGUAGE;
  const text = formatMessage(guestEmailTexts(language).chatGreeting, {
    name: booking.customerName,
    restaurant: restaurantName,
    date: formatLongDate(booking.reservationDate, language),
    time: booking.reservationTime,
  });
  return `https://wa.me/${phone.e164.slice(1)}?text=${encodeURIComponent(text)}`;
}
