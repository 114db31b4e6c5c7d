import { formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { DiningTable } from '@shared/schemas/table';
import { tableLabel } from './geometry';
import type { Occupancy } from './occupancy';

const text = staffMessages.admin.tables;
const seating = staffMessages.admin.seating;

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

/** What is written on a table: its name, then who holds it and when, or its seats. Hidden from screen readers (see the label). */
export function TableFace({ table, occupancy }: { table: DiningTable; occupancy: Occupancy | undefined }) {
  const holder = occupancy?.reservation;
  return (
    <>
      <span aria-hidden="true" className="w-full truncate font-semibold">
        {table.name}
      </span>
      {holder ? (
        <span aria-hidden="true" className="w-full truncate">
          {formatMessage(seating.occupant, { name: holder.customerName, time: holder.reservationTime })}
        </span>
      ) : (
        <span aria-hidden="true" className="opacity-75">
          {formatMessage(text.seatsShort, { seats: table.seats })}
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
