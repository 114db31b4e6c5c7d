// What a guest's answer to a reminder means (issue 46, item 4): the reminder asks to confirm, by WhatsApp's
// quick-reply buttons ('Confirmo' / 'No puedo ir', whose payloads Mesa sets) or by SMS ('1 para confirmar, 9 para
// cancelar'); 'BAJA' or 'STOP' ends the guest's consent. Cancelling frees a table, so only an unmistakable answer
// cancels: the button or a lone '9'. Anything else is a message for staff to read.
import { plainWords } from './plain-words.ts';

/** The payloads of the reminder template's quick-reply buttons. */
export const REPLY_PAYLOADS = { confirm: 'MESA_CONFIRM', cancel: 'MESA_CANCEL' } as const;

export type GuestReply = { kind: 'button'; payload: string } | { kind: 'text'; text: string };
export type ReplyMeaning = 'confirm' | 'cancel' | 'stop' | 'message';

const MAX_KEYWORD_LENGTH = 40;
const CONFIRM_WORDS = new Set(['1', 'si', 'confirmo', 'confirmar', 'confirmado', 'ok', 'vale', 'yes', 'confirm', 'oui', 'ja', 'sim']);
const STOP_WORDS = new Set(['baja', 'stop', 'stopall', 'unsubscribe', 'darme de baja', 'dar de baja']);

export function replyMeaning(reply: GuestReply): ReplyMeaning {
  if (reply.kind === 'button') {
    if (reply.payload === REPLY_PAYLOADS.confirm) return 'confirm';
    if (reply.payload === REPLY_PAYLOADS.cancel) return 'cancel';
    return 'message';
  }
  // A long text is a message whatever it contains; this also bounds the work done on hostile input.
  if (reply.text.length > MAX_KEYWORD_LENGTH) return 'message';
  const words = plainWords(reply.text);
  if (words === '9') return 'cancel';
  if (CONFIRM_WORDS.has(words)) return 'confirm';
  if (STOP_WORDS.has(words)) return 'stop';
  return 'message';
}
