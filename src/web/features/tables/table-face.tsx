import { formatMessage } from '@shared/messages';
import { tableMessages } from '@shared/staff-messages/tables';
import type { DiningTable } from '@shared/schemas/table';
import { tableLabel } from './geometry';
import type { Occupancy } from './occupancy';

const text = tableMessages.tables;
const seating = tableMessages.seating;

/** 'Mesa 3, 4 personas: reservada, Ana Ruiz a las 13:00': the table, its state at the map's moment and who holds it. */
export function tableAccessibleName(table: DiningTable, occupancy: Occupancy | undefined): string {
  const name = tableLabel(table);
  if (!occupancy) return name;
  const state = seating.states[occupancy.state];
  const holder = occupancy.reservation;
  return holder
    ? formatMessage(seating.tableStateWith, { table: name, state, name: holder.customerName, time: holder.reservationTime })
    : formatMessage(seating.tableState, { table: name, state });
}

/**
 * What is written on a table: its whole name (wrapped), then who holds it and when, or its seats and zone. Hidden
 * from screen readers (see the label).
 */
export function TableFace({ table, occupancy, zoneName }: { table: DiningTable; occupancy: Occupancy | undefined; zoneName?: string | undefined }) {
  const holder = occupancy?.reservation;
  return (
    <>
      <span aria-hidden="true" className="w-full font-semibold [overflow-wrap:anywhere]">
        {table.name}
      </span>
      {holder ? (
        <span aria-hidden="true" className="w-full truncate">
          {formatMessage(seating.occupant, { name: holder.customerName, time: holder.reservationTime })}
        </span>
      ) : (
        <span aria-hidden="true" className="opacity-75">
          {formatMessage(text.seatsShort, { seats: table.seats })}
          {zoneName && ` · ${zoneName}`}
        </span>
      )}
      {occupancy && (
        <span aria-hidden="true" className="w-full truncate text-[0.85em] opacity-90">
          {seating.states[occupancy.state]}
        </span>
      )}
    </>
  );
}
