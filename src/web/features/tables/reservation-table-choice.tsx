import { useId, useState } from 'react';
import { Armchair } from 'lucide-react';
import { formatMessage } from '@shared/messages';
import { tableMessages } from '@shared/staff-messages/tables';
import type { DiningTable } from '@shared/schemas/table';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { useReservationTables } from './api/get-reservation-tables';
import { useTables } from './api/get-tables';
import { useSeat } from './use-seat';
import { useTableStates } from './api/get-table-states';
import { TableStateList } from './table-state-list';

// Choosing a reservation's tables, on its card (Reservas and Historial tabs) and in 'Editar reserva', each table with
// its state at the booking's time once it is known: apart from
// reservation-tables.tsx, whose row names the Reservas tab's first load needs, so that the checkboxes stay out of it.

const text = tableMessages.seating;

interface SeatedReservation {
  id: string;
  customerName: string;
  reservationDate: string;
  reservationTime: string;
  numberOfPeople: number;
  status: string;
}

/** 'Mesa: Mesa 3, Mesa 4' and a button to change them. Cancelled reservations hold no table, so show nothing. */
export function ReservationTables({ reservation, describedBy }: { reservation: SeatedReservation; describedBy?: string }) {
  const links = useReservationTables(reservation.reservationDate);
  const tables = useTables();
  const [open, setOpen] = useState(false);
  if (reservation.status === 'cancelled' || !links.data || !tables.data) return null;
  const tableIds = links.data.get(reservation.id) ?? [];
  const names = tables.data.filter((table) => tableIds.includes(table.id)).map((table) => table.name);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="flex min-w-0 items-center gap-2">
        <Armchair aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className="sr-only">{text.cardLabel}: </span>
        <span className={names.length === 0 ? 'text-muted-foreground' : 'font-medium'}>
          {names.length === 0 ? text.none : names.join(', ')}
        </span>
      </p>
      <Button variant="ghost" size="sm" aria-describedby={describedBy} onClick={() => setOpen(true)}>
        {text.change}
      </Button>
      <FormDialog open={open} onOpenChange={setOpen}>
        <TablePicker
          reservation={reservation}
          tables={tables.data.filter((table) => table.isActive || tableIds.includes(table.id))}
          initial={tableIds}
          onDone={() => setOpen(false)}
        />
      </FormDialog>
    </div>
  );
}

function TablePicker({
  reservation,
  tables,
  initial,
  onDone,
}: {
  reservation: SeatedReservation;
  tables: DiningTable[];
  initial: readonly string[];
  onDone: () => void;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(initial));
  const { seat, isPending } = useSeat();
  // Each table's state at the booking's time; the plain list stands in until it answers.
  const states = useTableStates({
    date: reservation.reservationDate,
    time: reservation.reservationTime,
    people: reservation.numberOfPeople,
    reservationId: reservation.id,
  });
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <DialogForm
      title={formatMessage(text.dialogTitle, { name: reservation.customerName })}
      description={text.dialogDescription}
      onSubmit={(event) => {
        event.preventDefault();
        seat({ reservationId: reservation.id, tableIds: [...chosen] }, onDone);
      }}
      submitLabel={text.save}
      submitDisabled={isPending}
      onCancel={onDone}
    >
      {states.data ? (
        <TableStateList rows={states.data} chosen={chosen} onToggle={toggle} />
      ) : (
        <TableCheckboxes tables={tables} chosen={chosen} onToggle={toggle} />
      )}
    </DialogForm>
  );
}

/** The tables a reservation may sit at, as checkboxes ('Mesa 3 (4 plazas)'). */
function TableCheckboxes({
  tables,
  chosen,
  onToggle,
}: {
  tables: DiningTable[];
  chosen: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
}) {
  const baseId = useId();
  if (tables.length === 0) return <p className="text-sm text-muted-foreground">{text.noActiveTables}</p>;
  return (
    <ul className="grid max-h-72 gap-2 overflow-y-auto sm:grid-cols-2">
      {tables.map((table) => (
        <li key={table.id} className="flex items-center gap-2">
          <Checkbox
            id={`${baseId}-${table.id}`}
            checked={chosen.has(table.id)}
            onCheckedChange={(checked) => onToggle(table.id, checked === true)}
          />
          <Label htmlFor={`${baseId}-${table.id}`}>{formatMessage(text.tableOption, { name: table.name, seats: table.seats })}</Label>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Mesas' in 'Editar reserva': the reservation's tables, changeable; `onChange` gets the chosen ids. Each table's
 * state follows the date, time and party in the form (`at`), this booking's own hold left out. Nothing while the
 * tables load (the edit then leaves them as they are).
 */
export function TableChoice({
  reservation,
  at,
  legend,
  onChange,
}: {
  reservation: SeatedReservation;
  at: { date: string; time: string; people: number };
  legend: string;
  onChange: (tableIds: string[]) => void;
}) {
  const links = useReservationTables(reservation.reservationDate);
  const tables = useTables();
  const states = useTableStates({ ...at, reservationId: reservation.id });
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(null);
  if (!links.data || !tables.data) return null;
  const current = links.data.get(reservation.id) ?? [];
  const shown = chosen ?? new Set(current);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(shown);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
    onChange([...next]);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {states.data ? (
        <TableStateList rows={states.data} chosen={shown} onToggle={toggle} />
      ) : (
        <TableCheckboxes tables={tables.data.filter((table) => table.isActive || current.includes(table.id))} chosen={shown} onToggle={toggle} />
      )}
    </fieldset>
  );
}
