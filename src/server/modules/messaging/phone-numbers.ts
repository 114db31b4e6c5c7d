// A guest's phone as the messaging providers need it (issue 46, item 2): the number stays stored as typed (spec), and
// its E.164 form is derived here. Without an international prefix a number is read as Spanish; one that is not a valid
// Spanish number is not guessed into '+34…': the guest is asked for the country prefix instead.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { boundedMemo } from '@shared/rules/bounded-memo.ts';

export type PhoneReading =
  | { ok: true; e164: string; /** WhatsApp and SMS reach mobiles; a fixed line only takes calls. */ mobile: boolean }
  | { ok: false; reason: 'needs_prefix' | 'invalid' };

const INTERNATIONAL_ZEROS = /^\s*00/;

/** Parsing with the full metadata costs ~10 µs: a staff list reads the same guests' phones on every request. */
export const readPhone: (typed: string) => PhoneReading = boundedMemo(4096, parsePhone);

function parsePhone(typed: string): PhoneReading {
  const trimmed = typed.trim();
  const international = trimmed.startsWith('+') || INTERNATIONAL_ZEROS.test(trimmed);
  const parsed = international
    ? parsePhoneNumberFromString(trimmed.replace(INTERNATIONAL_ZEROS, '+'))
    : parsePhoneNumberFromString(trimmed, 'ES');
  if (!parsed?.isValid()) return { ok: false, reason: international ? 'invalid' : 'needs_prefix' };
  const type = parsed.getType();
  return { ok: true, e164: parsed.number, mobile: type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' };
}
