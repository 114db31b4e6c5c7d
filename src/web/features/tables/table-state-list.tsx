import { useId } from 'react';
import { formatMessage } from '@shared/messages';
import type { TableChoiceRow } from '@shared/schemas/table';
import { tableMessages } from '@shared/staff-messages/tables';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';

// Each table with its state for the booking's time (issue 52, item 3): 'Cambiar mesa' and the manual booking's
// table choice. The state is text beside the name, so colour is never the only cue; any table may still be ticked
// (staff may override the floor, issue 21: the server refuses only a table another booking holds then).

const text = tableMessages.seating;

const STATE_CLASSES: Record<TableChoiceRow['state'], string> = {
  free: 'text-emerald-800',
  combination: 'text-sky-800',
  tooSmall: 'text-muted-foreground',
  occupied: 'text-red-800',
};

/** 'Libre', 'Ocupada por Ana hasta 22:00', 'Demasiado pequeña', 'Combinación con Mesa 2'. */
export function tableStateText(row: TableChoiceRow): string {
  if (row.state === 'occupied' && row.holder) return formatMessage(text.choiceStates.occupied, { name: row.holder.customerName, until: row.holder.until });
  if (row.state === 'combination') return formatMessage(text.choiceStates.combination, { tables: row.combinedWith.join(', ') });
  return row.state === 'occupied' ? text.choiceStates.free : text.choiceStates[row.state];
}

export function TableStateList({
  rows,
  chosen,
  onToggle,
}: {
  rows: readonly TableChoiceRow[];
  chosen: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
}) {
  const baseId = useId();
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{text.noActiveTables}</p>;
  return (
    <ul className="grid max-h-80 gap-1 overflow-y-auto sm:grid-cols-2">
      {rows.map((row) => {
        const id = `${baseId}-${row.tableId}`;
        return (
          <li key={row.tableId} data-state={row.state} className="flex min-h-11 items-center gap-3 rounded-md px-1">
            <Checkbox
              id={id}
              aria-describedby={`${id}-state`}
              checked={chosen.has(row.tableId)}
              onCheckedChange={(checked) => onToggle(row.tableId, checked === true)}
            />
            {/* The whole row is the label (a touch target of 44 px); the state is the checkbox's description. */}
            <Label htmlFor={id} className="flex min-h-11 min-w-0 flex-1 flex-col justify-center gap-1">
              <span>{formatMessage(text.tableOption, { name: row.name, seats: row.seats })}</span>
              <span id={`${id}-state`} aria-hidden="true" className={cn('text-xs font-normal', STATE_CLASSES[row.state])}>
                {tableStateText(row)}
              </span>
            </Label>
          </li>
        );
      })}
    </ul>
  );
}
