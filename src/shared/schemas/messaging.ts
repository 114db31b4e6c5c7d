// WhatsApp and SMS (issue 46): the words both sides of the API share.

export const MESSAGE_CHANNELS = ['whatsapp', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_DIRECTIONS = ['out', 'in'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** The messages that cost a template each (item 3), and the rest: staff's replies, the owner's test, the guest's answers. */
export const TEMPLATE_MESSAGE_KINDS = ['confirmation', 'modification', 'cancellation', 'reminder', 'waitlist_offer', 'feedback'] as const;
export type TemplateMessageKind = (typeof TEMPLATE_MESSAGE_KINDS)[number];
export const MESSAGE_KINDS = [...TEMPLATE_MESSAGE_KINDS, 'staff_reply', 'test', 'answer', 'thanks'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** One approved WhatsApp template name per message. */
export type MessageTemplateNames = Record<TemplateMessageKind, string>;

/**
 * queued → sent → delivered → read (or failed) for what Mesa sends, as the provider reports it; 'received' for what
 * the guest sends.
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed', 'received'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What Mesa did with a guest's answer. */
export const ANSWER_OUTCOMES = ['confirmed', 'cancelled', 'opted_out', 'late', 'finished', 'unknown', 'message'] as const;
export type AnswerOutcome = (typeof ANSWER_OUTCOMES)[number];

/** A message in the booking's 'Mensajes' (GET /api/admin/reservations/:id/messages). */
export interface GuestMessageView {
  id: number;
  direction: MessageDirection;
  channel: MessageChannel;
  kind: MessageKind;
  body: string;
  status: MessageStatus;
  statusAt: string | null;
  createdAt: string;
  /** An answer's effect. */
  outcome: AnswerOutcome | null;
  /** Not delivered after the last try: sent by email instead (true), or not at all (false, no email). */
  fellBackToEmail: boolean | null;
  lastError: string | null;
}

export interface GuestMessagesView {
  messages: GuestMessageView[];
  /** The channel the guest chose, null when they chose none. */
  channel: MessageChannel | null;
  /** Until when staff may write freely: WhatsApp's 24-hour window after the guest's last message; SMS has none. */
  replyOpenUntil: string | null;
  canReply: boolean;
}
