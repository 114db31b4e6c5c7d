import { useId, useRef, useState, type PointerEvent } from 'react';
import { GripVertical } from 'lucide-react';
import { formatMessage } from '@shared/messages';
import { tableMessages } from '@shared/staff-messages/tables';
import type { SeatingReservation } from '@shared/schemas/table';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { TABLE_ATTRIBUTE } from './table-moves';

const text = tableMessages.seating;

/** Marks the list so that a press inside it does not deselect the table. */
export const UNSEATED_ATTRIBUTE = 'data-unseated';

export function reservationLabel(reservation: SeatingReservation): string {
  const values = { name: reservation.customerName, time: reservation.reservationTime, people: reservation.numberOfPeople };
  return formatMessage(reservation.numberOfPeople === 1 ? text.reservationLabelOne : text.reservationLabel, values);
}

interface Drag {
  reservation: SeatingReservation;
  pointerId: number;
  x: number;
  y: number;
  over: string | null;
}

interface UnseatedListProps {
  reservations: SeatingReservation[];
  /** False without an active table: nothing to seat at. */
  hasTables: boolean;
  onSeat: (reservationId: string, tableId: string) => void;
  /** The reservation 'Sentar' was pressed for, whose table the next tap on a table chooses (WCAG 2.5.7). */
  picking: string | null;
  onPick: (reservation: SeatingReservation | null) => void;
  /** The table under a dragged reservation, for the floor to highlight. */
  onDragOver: (tableId: string | null) => void;
}

function tableUnder(x: number, y: number): string | null {
  const element = document.elementFromPoint(x, y);
  return element?.closest(`[${TABLE_ATTRIBUTE}]`)?.getAttribute(TABLE_ATTRIBUTE) ?? null;
}

/** 'Sin mesa': the date's reservations without a table, seated with 'Sentar' and a tap on a table, or dragged onto it. */
export function UnseatedList({ reservations, hasTables, onSeat, picking, onPick, onDragOver }: UnseatedListProps) {
  const baseId = useId();
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const update = (next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
    onDragOver(next?.over ?? null);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>, reservation: SeatingReservation) => {
    if ((event.pointerType === 'mouse' && event.button !== 0) || dragRef.current) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    update({ reservation, pointerId: event.pointerId, x: event.clientX, y: event.clientY, over: null });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = dragRef.current;
    if (!current || current.pointerId !== event.pointerId) return;
    update({ ...current, x: event.clientX, y: event.clientY, over: tableUnder(event.clientX, event.clientY) });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = dragRef.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const target = tableUnder(event.clientX, event.clientY);
    update(null);
    if (target) onSeat(current.reservation.id, target);
  };
  const onPointerCancel = () => {
    if (dragRef.current) update(null);
  };

  return (
    <Card {...{ [UNSEATED_ATTRIBUTE]: '' }}>
      <CardHeader>
        <CardTitle asChild>
          <h3>{text.unseatedTitle}</h3>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {reservations.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.unseatedEmpty}</p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{text.unseatedHint}</p>
            <ul aria-label={text.unseatedTitle} className="flex flex-col gap-2">
              {reservations.map((reservation) => (
                <li key={reservation.id} aria-label={reservationLabel(reservation)} className="flex items-center gap-2 rounded-md border p-2">
                  <div
                    id={`${baseId}-${reservation.id}`}
                    className="flex min-w-0 flex-1 cursor-grab touch-none select-none items-center gap-2 text-sm"
                    onPointerDown={(event) => onPointerDown(event, reservation)}
                    onPointerMove={onPointerMove}
                    onPointerUp={onPointerUp}
                    onPointerCancel={onPointerCancel}
                    onLostPointerCapture={onPointerCancel}
                  >
                    <GripVertical aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 flex-1 truncate font-medium">{reservation.customerName}</span>
                    <span className="tabular-nums">{reservation.reservationTime}</span>
                    <span className="tabular-nums text-muted-foreground">
                      {formatMessage(tableMessages.tables.seatsShort, { seats: reservation.numberOfPeople })}
                    </span>
                  </div>
                  <Button
                    variant={picking === reservation.id ? 'default' : 'outline'}
                    size="sm"
                    aria-pressed={picking === reservation.id}
                    aria-describedby={`${baseId}-${reservation.id}`}
                    disabled={!hasTables}
                    onClick={() => onPick(picking === reservation.id ? null : reservation)}
                  >
                    {text.pick}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
      {drag && (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed z-50 -translate-x-1/2 -translate-y-1/2 rounded-md border bg-card px-2 py-1 text-sm font-medium shadow-lg"
          style={{ left: drag.x, top: drag.y }}
        >
          {drag.reservation.customerName} · {drag.reservation.reservationTime}
        </div>
      )}
    </Card>
  );
}
