// 'Llamar para confirmar' (issue 47, item 4): tomorrow's bookings whose no-show risk is 'alta', for the afternoon
// shift to call (decision 043). Three reads, whatever the day's size: the bookings, their guests, their cards.
import { addDays, madridToday } from '@shared/rules/madrid-time.ts';
import { telHref } from '@shared/rules/phone-link.ts';
import type { CallToConfirm } from '@shared/schemas/no-show-risk.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { activeOn, type ReservationRow } from './admin-queries.ts';
import { noShowRisks } from './risk.ts';

/** More than any evening's bookings: the list is bounded like the other staff lists. */
const DAY_LIMIT = 1000;

/** What to dial: the number in E.164 when it was read, else its digits as typed. */
function phoneHref(row: ReservationRow): string | null {
  const number = row.customerPhoneE164 ?? row.customerPhone;
  return number ? telHref(number) : null;
}

export async function callToConfirm({ db, clock }: ServiceDeps): Promise<CallToConfirm> {
  const now = clock.now();
  const date = addDays(madridToday(now), 1);
  const rows = await activeOn(db, date, DAY_LIMIT);
  const risks = await noShowRisks(db, rows, now);
  const items = rows.flatMap((row) => {
    const risk = risks.get(row.id);
    if (risk?.level !== 'alta') return [];
    const { id, customerName, reservationTime, numberOfPeople, customerPhone } = row;
    return [{ id, customerName, reservationTime, numberOfPeople, customerPhone, phoneHref: phoneHref(row), reasons: risk.reasons }];
  });
  return { date, items };
}
