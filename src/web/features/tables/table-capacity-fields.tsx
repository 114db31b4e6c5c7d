import { useId } from 'react';
import { tableMessages } from '@shared/staff-messages/tables';
import type { DiningTable, TablePatch } from '@shared/schemas/table';
import { fieldClassName } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { cn } from '@web/lib/cn';
import { useZones } from './api/floor-setup';

const text = tableMessages.tables;

/** A table's zone, the smallest party it is offered to, and 'Solo sin reserva' (issue 21). */
export function TableCapacityFields({ table, save }: { table: DiningTable; save: (patch: TablePatch) => unknown }) {
  const zones = useZones();
  const zoneId = useId();
  const minId = useId();
  const walkInId = useId();
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={zoneId}>{text.zone}</Label>
          <select
            id={zoneId}
            value={table.zoneId}
            onChange={(event) => event.target.value !== table.zoneId && void save({ zoneId: event.target.value })}
            className={cn(fieldClassName, 'h-11')}
          >
            {(zones.data ?? []).map((zone) => (
              <option key={zone.id} value={zone.id}>
                {zone.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={minId}>{text.minParty}</Label>
          <select
            id={minId}
            value={String(table.minParty)}
            onChange={(event) => void save({ minParty: Number(event.target.value) })}
            className={cn(fieldClassName, 'h-11')}
          >
            {Array.from({ length: table.seats }, (_, index) => index + 1).map((count) => (
              <option key={count} value={String(count)}>
                {count}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-col">
          <Label htmlFor={walkInId}>{text.walkInOnly}</Label>
          <span id={`${walkInId}-hint`} className="text-xs text-muted-foreground">
            {text.walkInOnlyHelp}
          </span>
        </div>
        <Switch
          id={walkInId}
          aria-describedby={`${walkInId}-hint`}
          checked={table.walkInOnly}
          onCheckedChange={(walkInOnly) => void save({ walkInOnly })}
        />
      </div>
    </>
  );
}
