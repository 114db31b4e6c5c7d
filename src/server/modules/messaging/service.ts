// Messaging (issue 46): guests reached by WhatsApp and SMS. What other modules may use.
export { whatsappChatUrl, type ChatBooking } from './chat-link.ts';
export { offeredChannel } from './connection.ts';
export {
  messagingChoice,
  messagingConsentText,
  MESSAGING_CONSENT_VERSION,
  phoneE164Of,
  recordMessagingConsent,
  type MessagingChoice,
} from './consents.ts';
export { readPhone, type PhoneReading } from './phone-numbers.ts';
