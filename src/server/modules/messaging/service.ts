// Messaging (issue 46): guests reached by WhatsApp and SMS. What other modules may use.
export { whatsappChatUrl, type ChatBooking } from './chat-link.ts';
export { readPhone, type PhoneReading } from './phone-numbers.ts';
export { bookingMessages, WHATSAPP_REPLY_WINDOW_MS } from './staff-messages-service.ts';
