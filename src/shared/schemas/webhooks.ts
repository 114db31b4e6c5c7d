import { z } from 'zod';
import { webhooksMessages } from '../staff-messages/webhooks.ts';
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

/** The longest endpoint address accepted. */
export const WEBHOOK_URL_MAX = 2000;

const v = webhooksMessages.validation;

/** 'Nuevo webhook' and its changes: the address, its events, and whether it may be on the restaurant's network. */
export const webhookEndpointInputSchema = z
  .object({
    url: z.string(v.urlInvalid).trim().min(1, v.urlInvalid).max(WEBHOOK_URL_MAX, v.urlTooLong).pipe(z.url({ protocol: /^https?$/, error: v.urlInvalid })),
    events: z.array(z.enum(WEBHOOK_EVENTS, v.eventInvalid), v.eventsRequired).min(1, v.eventsRequired).max(WEBHOOK_EVENTS.length),
    allowLocal: z.boolean().default(false),
  })
  .refine((input) => !URL.canParse(input.url) || (new URL(input.url).username === '' && new URL(input.url).password === ''), {
    path: ['url'],
    message: v.credentialsInUrl,
  })
  .refine((input) => input.url.toLowerCase().startsWith('https://') || input.allowLocal, { path: ['url'], message: v.httpsRequired });
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export interface WebhookEndpointView {
  id: string;
  url: string;
  events: WebhookEvent[];
  allowLocal: boolean;
  createdAt: string;
  pausedAt: string | null;
  failingSince: string | null;
}

/** 'Nuevo webhook' answers the secret, once. */
export interface WebhookEndpointCreated {
  endpoint: WebhookEndpointView;
  secret: string;
}

export interface WebhookDeliveryView {
  id: number;
  messageId: string;
  event: WebhookEvent;
  test: boolean;
  createdAt: string;
  attempts: number;
  state: 'pending' | 'sent' | 'failed';
  lastStatus: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
}
