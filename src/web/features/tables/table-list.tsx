import { formatMessage } from '@shared/messages';
import { tableMessages } from '@shared/staff-messages/tables';
import type { DiningTable } from '@shared/schemas/table';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { STATE_CLASSES, type Occupancy } from './occupancy';
import { tableAccessibleName } from './table-face';

const text = tableMessages.tables;
const seating = tableMessages.seating;

interface TableListProps {
  tables: readonly DiningTable[];
  zones: readonly { id: string; name: string }[];
  occupancy: ReadonlyMap<string, Occupancy> | undefined;
  /** While a reservation is being seated: each active table offers 'Sentar aquí'. */
  onPickTable: ((tableId: string) => void) | null;
}

/**
 * The tables as a list, zone by zone, for a phone (issue 22): each with its seats, its state at the map's moment and
 * who holds it, and 'Sentar aquí' while a reservation is being seated. Nothing here needs a drag.
 */
export function TableList({ tables, zones, occupancy, onPickTable }: TableListProps) {
  const known = new Set(zones.map((zone) => zone.id));
  const groups = [...zones, { id: '', name: '' }]
    .map((zone) => ({ zone, tables: tables.filter((table) => (zone.id ? table.zoneId === zone.id : !known.has(table.zoneId))) }))
    .filter((group) => group.tables.length > 0);
  return (
    <div className="flex flex-col gap-3">
      {groups.map(({ zone, tables: inZone }) => (
        <section key={zone.id} aria-label={formatMessage(text.listLabel, { zone: zone.name })} className="rounded-lg border bg-card">
          {zone.name && <h3 className="border-b bg-muted/50 px-3 py-1.5 text-sm font-semibold">{zone.name}</h3>}
          <ul className="divide-y">
            {inZone.map((table) => {
              const state = occupancy?.get(table.id);
              const holder = state?.reservation;
              return (
                <li key={table.id} aria-label={tableAccessibleName(table, state)} className={cn('flex min-h-14 items-center gap-3 px-3 py-1.5', !table.isActive && 'opacity-60')}>
                  <div className="min-w-0 flex-1" aria-hidden="true">
                    <p className="font-medium [overflow-wrap:anywhere]">{table.name}</p>
                    <p className="text-sm text-muted-foreground">
                      {formatMessage(text.seatsShort, { seats: table.seats })}
                      {holder && ` · ${formatMessage(seating.occupant, { name: holder.customerName, time: holder.reservationTime })}`}
                    </p>
                  </div>
                  {state && (
                    <span aria-hidden="true" className={cn('shrink-0 rounded-full border-2 px-2 py-0.5 text-xs font-medium', STATE_CLASSES[state.state])}>
                      {seating.states[state.state]}
                    </span>
                  )}
                  {onPickTable && table.isActive && (
                    <Button size="sm" aria-label={`${seating.seatHere}: ${table.name}`} onClick={() => onPickTable(table.id)}>
                      {seating.seatHere}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
