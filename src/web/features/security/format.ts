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

const sizeFormats = {
  byte: new Intl.NumberFormat('es-ES', { style: 'unit', unit: 'byte', unitDisplay: 'short' }),
  kilobyte: new Intl.NumberFormat('es-ES', { style: 'unit', unit: 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 1 }),
  megabyte: new Intl.NumberFormat('es-ES', { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 1 }),
};

/** A file size as the owner reads it: "850 B", "12,4 kB", "3,1 MB" (powers of 1000, as file managers show). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return sizeFormats.byte.format(bytes);
  if (bytes < 1_000_000) return sizeFormats.kilobyte.format(bytes / 1000);
  return sizeFormats.megabyte.format(bytes / 1_000_000);
}
