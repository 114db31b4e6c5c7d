// The events an owner's webhook endpoint may subscribe to (issue 48, item 3). Their names are the `type` of each
// delivery's JSON body, stable once published: integrations key on them.
export const RESERVATION_WEBHOOK_EVENTS = [
  'reservation.created',
  'reservation.confirmed',
  'reservation.changed',
  'reservation.cancelled',
  'reservation.seated',
  'reservation.completed',
  'reservation.no_show',
] as const;
export const WEBHOOK_EVENTS = [...RESERVATION_WEBHOOK_EVENTS, 'waitlist.offered', 'waitlist.accepted', 'feedback.received'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export type ReservationWebhookEvent = (typeof RESERVATION_WEBHOOK_EVENTS)[number];
