import { TABLE_EDGE_MARGIN_PX, TABLE_SIZE_PX } from '@shared/limits';
import { formatMessage } from '@shared/messages';
import { tableMessages } from '@shared/staff-messages/tables';
import { clampPosition, type FloorPoint } from '@shared/rules/floor-layout';
import type { DiningTable } from '@shared/schemas/table';

/** A table is TABLE_SIZE_PX floor units wide and tall; its position is its top-left corner. */
export const TABLE_SIZE = TABLE_SIZE_PX;
export const EDGE_MARGIN = TABLE_EDGE_MARGIN_PX;

export { clampPosition, type FloorPoint, nearestFreeSpot } from '@shared/rules/floor-layout';

export function tablePosition(table: DiningTable): FloorPoint {
  return clampPosition(table.positionX, table.positionY);
}

/** 'Mesa 3, 4 personas' (or '1 persona'). */
export function tableLabel(table: Pick<DiningTable, 'name' | 'seats'>): string {
  const text = tableMessages.tables;
  return table.seats === 1
    ? formatMessage(text.tableLabelOne, { name: table.name })
    : formatMessage(text.tableLabel, { name: table.name, seats: table.seats });
}
