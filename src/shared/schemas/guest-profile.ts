// Guests as people the restaurant knows (issue 47): the 'Clientes' list, its segments and the feedback after a visit.
import { MESSAGE_CHANNELS } from './messaging.ts';

/** How the request for a rating went: by email, or by the channel the guest chose for their booking. */
export const FEEDBACK_CHANNELS = ['email', ...MESSAGE_CHANNELS] as const;
export type FeedbackChannel = (typeof FEEDBACK_CHANNELS)[number];
