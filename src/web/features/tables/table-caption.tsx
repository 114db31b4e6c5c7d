import { FLOOR_HEIGHT, FLOOR_WIDTH, type DiningTable } from '@shared/schemas/table';
import { TABLE_SIZE, tablePosition } from './geometry';
import type { Occupancy } from './occupancy';
import { tableAccessibleName } from './table-face';

/** Room the caption needs below a table (floor units); nearer the bottom edge it goes above. */
const CAPTION_ROOM = 60;
/** Nearer an edge than this (floor units), the caption is aligned with that side of the table instead of centred. */
const SIDE_ROOM = 120;

/**
 * The whole name, seats, zone and state of the table pointed at or focused, written in full beside it: on a small
 * screen the table itself is too small for a long name (issue 21). Screen readers have it in the table's label.
 */
export function TableCaption({ table, occupancy, zoneName }: { table: DiningTable; occupancy: Occupancy | undefined; zoneName: string | undefined }) {
  const point = tablePosition(table);
  const text = `${tableAccessibleName(table, occupancy)}${zoneName ? ` · ${zoneName}` : ''}`;
  const below = point.y + TABLE_SIZE + CAPTION_ROOM <= FLOOR_HEIGHT;
  const centre = point.x + TABLE_SIZE / 2;
  const align = centre < SIDE_ROOM ? 'start' : centre > FLOOR_WIDTH - SIDE_ROOM ? 'end' : 'centre';
  const left = align === 'start' ? point.x : align === 'end' ? point.x + TABLE_SIZE : centre;
  const shiftX = align === 'start' ? '0' : align === 'end' ? '-100%' : '-50%';
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute z-30 w-max max-w-[min(16rem,90%)] rounded-md bg-foreground px-2 py-1 text-xs leading-snug text-background shadow-md [overflow-wrap:anywhere]"
      style={{
        left: `${(left / FLOOR_WIDTH) * 100}%`,
        top: `${((below ? point.y + TABLE_SIZE : point.y) / FLOOR_HEIGHT) * 100}%`,
        transform: `translate(${shiftX}, ${below ? '4px' : 'calc(-100% - 4px)'})`,
      }}
    >
      {text}
    </div>
  );
}
