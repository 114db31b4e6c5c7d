// '¿Por qué está completo?' (issue 21): for a date, time and party, every rule that stops a guest from booking it,
// in the staff's words: the day's hours and closures, pauses and blocks, covers pacing, and the tables.
import { formatMessage } from '@shared/messages.ts';
import { minutesToTime, timeToMinutes } from '@shared/rules/madrid-time.ts';
import { coversInSlot, coversOfDay } from '@shared/rules/pacing.ts';
import type { SlotExplanation, SlotQuestion } from '@shared/schemas/reservation.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { floorReport } from '../tables/service.ts';
import { dayPacing } from './pacing.ts';
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

  const pacing = await dayPacing(db, date, config);
  if (pacing.maxCoversPerSlot !== null && coversInSlot(pacing.booked, time) + people > pacing.maxCoversPerSlot) {
    reasons.push(formatMessage(text.slotCovers, { covers: coversInSlot(pacing.booked, time), max: pacing.maxCoversPerSlot }));
  }
  if (pacing.maxCoversPerDay !== null && coversOfDay(pacing.booked) + people > pacing.maxCoversPerDay) {
    reasons.push(formatMessage(text.dayCovers, { covers: coversOfDay(pacing.booked), max: pacing.maxCoversPerDay }));
  }

  if (config.capacityMode === 'tables') {
    const floor = await floorReport(db, config, { date, time, party: people });
    if (!floor.fits) {
      const to = minutesToTime((timeToMinutes(time) + floor.stayMinutes) % (24 * 60));
      reasons.push(
        floor.anyOption ? formatMessage(text.noTable, { people, from: time, to }) : formatMessage(text.noTableAtAll, { people }),
        ...floor.staffOnlyZones.map((zone) => formatMessage(text.staffOnlyZone, { zone })),
        ...floor.walkInTables.map((table) => formatMessage(text.walkInTable, { table })),
      );
    }
  }
  const summary =
    reasons.length === 0 ? formatMessage(text.available, { people, time }) : formatMessage(text.blocked, { reasons: reasons.join(' · ') });
  return { available: reasons.length === 0, reasons, summary };
}
