import { formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';

const text = staffMessages.statistics;
const percent = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 });
const decimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/** 0.3333 → '33,3 %'. */
export function formatRate(rate: number): string {
  return percent.format(rate);
}

/** Up to two days in hours ('25 h'), beyond that in days ('3,5 días'). */
export function formatHours(hours: number): string {
  return hours < 48
    ? formatMessage(text.hours, { value: decimal.format(hours) })
    : formatMessage(text.days, { value: decimal.format(hours / 24) });
}
