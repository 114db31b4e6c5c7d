import { BUSINESS_TIME_ZONE } from '@shared/limits';

const dateTimeFormat = new Intl.DateTimeFormat('es-ES', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'medium',
});

/** An ISO instant as the restaurant reads it: es-ES, Madrid time ("5/3/25, 14:07:09"). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}
