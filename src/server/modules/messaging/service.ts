// Messaging (issue 46): guests reached by WhatsApp and SMS. What other modules may use: the staff chat link, reading a
// phone, the channel the booking form offers, and sending a guest's news by the channel they chose (email otherwise).
export { whatsappChatUrl, type ChatBooking } from './chat-link.ts';
export { offeredChannel, switchedOnChannels } from './connection.ts';
export {
  messagingChoice,
  messagingConsentText,
  MESSAGING_CONSENT_VERSION,
  phoneE164Of,
  recordMessagingConsent,
  type MessagingChoice,
} from './consents.ts';
export { guestMessageRecord, messagingConsentRecord, type MessagingSubject } from './guest-record.ts';
export { readPhone, type PhoneReading } from './phone-numbers.ts';
export { type GuestNotice, type MessageBooking, reservationNotice, sendGuestNotice } from './guest-notices.ts';
export { withdrawHeldMessages } from './outbox.ts';
export { waitlistAnswers } from './staff-messages-service.ts';
