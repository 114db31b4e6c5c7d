import { formatMessage } from '@shared/messages';
import { importScreenMessages } from '@shared/staff-messages/import-screen';

/** A column as the owner reads it: its header, or 'Columna N' when the file leaves it blank. */
export function columnName(header: string, index: number): string {
  return header.trim() || formatMessage(importScreenMessages.mapping.unnamed, { number: index + 1 });
}

const numberFormat = new Intl.NumberFormat('es-ES');

/** A row count as Spanish writes it ('100.000'). */
export const formatCountNumber = (count: number): string => numberFormat.format(count);
