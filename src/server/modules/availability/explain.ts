// '¿Por qué está completo?' (issue 21): for a date, time and party, every rule that stops a guest from booking it,
// in the staff's words: the day's hours and closures, pauses and blocks, then what capacity says (covers pacing and
// the tables).
import { formatMessage } from '@shared/messages.ts';
import type { SlotExplanation, SlotQuestion } from '@shared/schemas/reservation.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { capacityReasons } from '../capacity/service.ts';
import { getBookingContext } from './service.ts';

const text = staffMessages.admin.whyFull;

export async function explainSlot({ db, clock }: ServiceDeps, question: SlotQuestion): Promise<SlotExplanation> {
  const { date, time, people } = question;
  const { availability, config } = await getBookingContext(db, clock, date);
  const reasons: string[] = [];
  if (!availability.bookable) reasons.push(availability.closedMessage ?? text.outsideHours);
  const slot = availability.slots.find((candidate) => candidate.time === time);
  if (availability.bookable && !slot) reasons.push(text.outsideHours);
  if (slot?.reason) reasons.push({ past: text.past, paused: text.paused, blocked: text.timeBlocked }[slot.reason]);
  reasons.push(...(await capacityReasons(db, config, question)));
  const summary =
    reasons.length === 0 ? formatMessage(text.available, { people, time }) : formatMessage(text.blocked, { reasons: reasons.join(' · ') });
  return { available: reasons.length === 0, reasons, summary };
}
