import { tableMessages } from '@shared/staff-messages/tables';
import { useTableStates } from './api/get-table-states';
import { TableStateList } from './table-state-list';

const text = tableMessages.seating;

/**
 * 'Mesa (opcional)' in the manual booking (issue 52, item 3): each table's state for the date, time and party typed,
 * the free ones that fit first. Nothing for a restaurant without tables.
 */
export function ManualTableChoice({
  date,
  time,
  people,
  chosen,
  onChange,
}: {
  date: string;
  time: string;
  people: number;
  chosen: ReadonlySet<string>;
  onChange: (tableIds: ReadonlySet<string>) => void;
}) {
  const states = useTableStates({ date, time, people });
  if (states.data?.length === 0) return null;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{text.manualLegend}</legend>
      {states.data && time ? (
        <TableStateList rows={states.data} chosen={chosen} onToggle={toggle} />
      ) : (
        <p className="text-sm text-muted-foreground">{text.manualHint}</p>
      )}
    </fieldset>
  );
}
