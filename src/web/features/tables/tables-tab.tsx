import { useEffect, useMemo, useState } from 'react';
import { LoaderCircle } from 'lucide-react';
import { tableMessages } from '@shared/staff-messages/tables';
import { formatMessage } from '@shared/messages';
import type { DiningTable, SeatingReservation } from '@shared/schemas/table';
import { cn } from '@web/lib/cn';
import { useMediaQuery } from '@web/lib/use-media-query';
import { useRememberedState } from '@web/lib/remembered-state';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { AddTableDialog } from './add-table-dialog';
import { CombinationsCard } from './combinations-card';
import { ZonesCard } from './zones-card';
import { useReservationTables } from './api/get-reservation-tables';
import { useSeatingDay } from './api/get-seating-day';
import { useTables } from './api/get-tables';
import { useZones } from './api/floor-setup';
import { occupancyAt, unseatedReservations, type Moment } from './occupancy';
import { momentNow, SeatingLegend, SeatingMoment } from './seating-moment';
import { CONFIG_CARD_ATTRIBUTE, TableConfigCard } from './table-config-card';
import { TableFloor } from './table-floor';
import { TABLE_ATTRIBUTE } from './table-moves';
import { TableList } from './table-list';
import { TableStats } from './table-stats';
import { UNSEATED_ATTRIBUTE, UnseatedList } from './unseated-list';
import { useSeat } from './use-seat';
import { useStaffRole } from '@web/features/auth/session';

const text = tableMessages.tables;
const seatingText = tableMessages.seating;

/** Presses on these keep the selection: tables, the configuration card, and the dialogs and menus it opens. */
const KEEP_SELECTION_SELECTOR = [
  `[${TABLE_ATTRIBUTE}]`,
  `[${CONFIG_CARD_ATTRIBUTE}]`,
  `[${UNSEATED_ATTRIBUTE}]`,
  '[data-radix-popper-content-wrapper]',
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[data-slot="dialog-overlay"]',
].join(', ');

/** The Mesas tab of /admin: the 'Mapa de Mesas'. */
export function TablesTab() {
  const tables = useTables();
  const zones = useZones();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [moment, setMoment] = useState<Moment>(momentNow);
  const seating = useSeating(moment);
  const [dropTargetId, setDropTargetId] = useState<string | null>(null);
  const { seat } = useSeat();
  const [view, setView] = useTablesView();
  // 'Sentar' on a reservation without a table: the next table tapped (or 'Sentar aquí') seats it.
  const [chosen, setPicking] = useState<SeatingReservation | null>(null);
  // Seated meanwhile (on another screen, or by a drag): nothing left to pick a table for.
  const picking = chosen && seating.unseated?.some((reservation) => reservation.id === chosen.id) ? chosen : null;
  const pickTable = picking ? (tableId: string) => seat({ reservationId: picking.id, tableIds: [tableId] }, () => setPicking(null)) : null;
  // Sala seat guests and move reservations; adding, editing and moving tables is the managers' (issue 20).
  const editsFloor = useStaffRole() !== 'floor';

  // Clicking anywhere outside the tables and the configuration card deselects.
  useEffect(() => {
    if (selectedId === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Element && event.target.closest(KEEP_SELECTION_SELECTOR)) return;
      setSelectedId(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [selectedId]);

  if (tables.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        {text.loading}
      </p>
    );
  }
  if (tables.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-destructive">
          {text.loadError}
        </p>
        <Button variant="outline" size="sm" onClick={() => void tables.refetch()}>
          {text.reload}
        </Button>
      </div>
    );
  }

  const list = tables.data;
  const selected = list.find((table) => table.id === selectedId);
  const nextNumber = list.reduce((max, table) => Math.max(max, table.tableNumber), 0) + 1;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">{text.title}</h2>
        {editsFloor && <AddTableDialog nextNumber={nextNumber} onAdded={(table) => setSelectedId(table.id)} />}
      </div>
      <TableStats tables={list} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SeatingMoment moment={moment} onChange={setMoment} />
        <SeatingLegend />
        <ViewSwitch view={view} onChange={setView} />
      </div>
      {picking && <PickingBanner reservation={picking} onCancel={() => setPicking(null)} />}
      {seating.isError && (
        <p role="alert" className="text-sm text-destructive">
          {tableMessages.seating.loadError}
        </p>
      )}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-2">
          {view === 'list' ? (
            <>
              <TableList tables={list} zones={zones.data ?? []} occupancy={seating.occupancy(list)} onPickTable={pickTable} />
              {list.length === 0 && <p className="text-sm text-muted-foreground">{text.empty}</p>}
            </>
          ) : (
            <>
              <TableFloor
                tables={list}
                selectedId={selected?.id ?? null}
                onSelect={setSelectedId}
                occupancy={seating.occupancy(list)}
                dropTargetId={dropTargetId}
                movable={editsFloor && !picking}
                zoneNames={new Map((zones.data ?? []).map((zone) => [zone.id, zone.name]))}
                onPickTable={pickTable}
              />
              <p className="text-sm text-muted-foreground">{list.length === 0 ? text.empty : text.floorHint}</p>
            </>
          )}
          {editsFloor && (
            <div className="grid gap-4 xl:grid-cols-2">
              <ZonesCard tables={list} />
              <CombinationsCard tables={list} />
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          {selected && editsFloor ? (
            <TableConfigCard key={selected.id} table={selected} onClose={() => setSelectedId(null)} />
          ) : (
            <Card className="hidden lg:block">
              <CardContent className="pt-4 text-sm text-muted-foreground sm:pt-6">{text.selectHint}</CardContent>
            </Card>
          )}
          {seating.unseated && (
            <UnseatedList
              reservations={seating.unseated}
              hasTables={list.some((table) => table.isActive)}
              onSeat={(reservationId, tableId) => seat({ reservationId, tableIds: [tableId] })}
              picking={picking?.id ?? null}
              onPick={setPicking}
              onDragOver={setDropTargetId}
            />
          )}
        </div>
      </div>
    </div>
  );
}

type TablesView = 'plan' | 'list';

/** The plan on a tablet or a laptop, the list on a phone, until staff choose; the choice lasts while the page does. */
function useTablesView() {
  const wide = useMediaQuery('(min-width: 640px)');
  const [chosen, setChosen] = useRememberedState<TablesView | null>('tables-view', () => null);
  return [chosen ?? (wide ? 'plan' : 'list'), setChosen] as const;
}

function ViewSwitch({ view, onChange }: { view: TablesView; onChange: (view: TablesView) => void }) {
  return (
    <div role="group" aria-label={text.view} className="flex rounded-md border p-0.5">
      {(['plan', 'list'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
          className={cn(
            'h-11 min-w-20 rounded px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand',
            view === option ? 'bg-brand text-brand-foreground' : 'hover:bg-muted',
          )}
        >
          {text.views[option]}
        </button>
      ))}
    </div>
  );
}

/** Which reservation the next tapped table seats, and the way out. */
function PickingBanner({ reservation, onCancel }: { reservation: SeatingReservation; onCancel: () => void }) {
  const values = { name: reservation.customerName, people: reservation.numberOfPeople };
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-brand bg-brand/10 px-3 py-2">
      <p className="font-medium">{formatMessage(reservation.numberOfPeople === 1 ? seatingText.pickingOne : seatingText.picking, values)}</p>
      <Button variant="outline" size="sm" onClick={onCancel}>
        {seatingText.pickCancel}
      </Button>
    </div>
  );
}

/** The date's reservations and their tables, and what each table shows at the moment. */
function useSeating(moment: Moment) {
  const day = useSeatingDay(moment.date);
  const links = useReservationTables(moment.date);
  const unseated = useMemo(
    () => (day.data && links.data ? unseatedReservations(day.data, links.data) : null),
    [day.data, links.data],
  );
  return {
    isError: day.isError || links.isError,
    unseated,
    occupancy: (tables: DiningTable[]) =>
      day.data && links.data ? occupancyAt(tables, day.data, links.data, moment, momentNow()) : undefined,
  };
}
