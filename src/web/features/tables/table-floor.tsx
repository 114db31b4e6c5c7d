import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/lazy-toaster';
import { DEFAULT_DEBOUNCE_MS } from '@shared/limits';
import { tableMessages } from '@shared/staff-messages/tables';
import { FLOOR_HEIGHT, FLOOR_WIDTH, type DiningTable } from '@shared/schemas/table';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { tablesQueryKey } from './api/get-tables';
import { patchCachedTable, updateTable } from './api/update-table';
import { clampPosition, nearestFreeSpot, tablePosition, TABLE_SIZE, type FloorPoint } from './geometry';
import { STATE_CLASSES, type Occupancy } from './occupancy';
import { TableCaption } from './table-caption';
import { TableFace, tableAccessibleName } from './table-face';
import { DRAG_SAVE_INTERVAL_MS, DRAG_THRESHOLD_PX, type DragState, type KeyMove, TABLE_ATTRIBUTE } from './table-moves';

const text = tableMessages.tables;

interface TableFloorProps {
  tables: DiningTable[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** Each table's state at the moment the map shows. */
  occupancy?: ReadonlyMap<string, Occupancy>;
  /** The table a reservation is being dragged over. */
  dropTargetId?: string | null;
  /** Tables can be moved (not for Sala, who seat guests but do not change the floor: issue 20). */
  movable?: boolean;
  /** While a reservation is being seated ('Sentar'), a tap on a table chooses it instead of selecting it. */
  onPickTable?: ((tableId: string) => void) | null;
  /** The zone of each table, by zone id, written on free tables and in their tooltip (issue 21). */
  zoneNames?: ReadonlyMap<string, string> | undefined;
}

/**
 * The floor: FLOOR_WIDTH × FLOOR_HEIGHT units scaled to the box's width. Tables are dragged with pointer events
 * (mouse, pen and touch) and moved with the arrow keys; a failed save puts the table back.
 */
export function TableFloor({ tables, selectedId, onSelect, occupancy, dropTargetId = null, movable = true, zoneNames, onPickTable = null }: TableFloorProps) {
  const queryClient = useQueryClient();
  const floorRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<DragState | null>(null);
  const keyMoveRef = useRef<KeyMove | null>(null);
  /** The dragged table's live position, drawn over the cached one so a refresh mid-drag cannot pull it back. */
  const [dragPosition, setDragPosition] = useState<{ id: string; point: FloorPoint } | null>(null);
  /** The table under the mouse, and the one with keyboard focus: its caption shows its whole name. */
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);

  const failSave = (id: string, origin: FloorPoint, failure: unknown) => {
    patchCachedTable(queryClient, id, { positionX: origin.x, positionY: origin.y });
    toast.error(text.updateError, { description: errorMessage(failure) });
    void queryClient.invalidateQueries({ queryKey: tablesQueryKey });
  };

  const sendDrag = (drag: DragState): Promise<void> => {
    const { x, y } = drag.current;
    if (drag.failed || (drag.sent.x === x && drag.sent.y === y)) return drag.inFlight ?? Promise.resolve();
    drag.sent = { x, y };
    drag.lastSentAt = performance.now();
    const request = updateTable({ id: drag.id, patch: { positionX: x, positionY: y } }).then(
      () => {
        if (drag.inFlight === request) drag.inFlight = null;
      },
      (failure: unknown) => {
        if (drag.inFlight === request) drag.inFlight = null;
        if (drag.failed) return;
        drag.failed = true;
        if (drag.timer !== null) window.clearTimeout(drag.timer);
        drag.timer = null;
        setDragPosition((shown) => (shown?.id === drag.id ? null : shown));
        failSave(drag.id, drag.origin, failure);
      },
    );
    drag.inFlight = request;
    return request;
  };

  /** At most one save every DRAG_SAVE_INTERVAL_MS, never two at once, always the latest position. */
  const scheduleDragSave = (drag: DragState) => {
    if (drag.timer !== null) return;
    const wait = Math.max(0, drag.lastSentAt + DRAG_SAVE_INTERVAL_MS - performance.now());
    drag.timer = window.setTimeout(() => {
      drag.timer = null;
      if (drag.ended || drag.failed || drag.inFlight) return;
      void sendDrag(drag);
    }, wait);
  };

  const endDrag = (drag: DragState) => {
    if (drag.ended) return;
    drag.ended = true;
    if (dragRef.current === drag) dragRef.current = null;
    if (drag.timer !== null) window.clearTimeout(drag.timer);
    drag.timer = null;
    if (!drag.moved || drag.failed) {
      setDragPosition(null);
      return;
    }
    // A table dropped over another lands on the nearest free spot, as the server would place it; the cache takes the
    // final place at once and the save follows the one still on its way, if any.
    const others = tables.filter((table) => table.id !== drag.id).map((table) => ({ x: table.positionX, y: table.positionY }));
    drag.current = nearestFreeSpot(drag.current, others);
    void queryClient.cancelQueries({ queryKey: tablesQueryKey });
    patchCachedTable(queryClient, drag.id, { positionX: drag.current.x, positionY: drag.current.y });
    setDragPosition(null);
    const previous = drag.inFlight ?? Promise.resolve();
    void previous
      .then(() => sendDrag(drag))
      .then(() => {
        if (!drag.failed) void queryClient.invalidateQueries({ queryKey: tablesQueryKey });
      });
  };

  const flushKeyMove = () => {
    const move = keyMoveRef.current;
    if (!move) return;
    window.clearTimeout(move.timer);
    keyMoveRef.current = null;
    updateTable({ id: move.id, patch: { positionX: move.current.x, positionY: move.current.y } }).then(
      () => void queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
      (failure: unknown) => failSave(move.id, move.origin, failure),
    );
  };
  const flushRef = useRef(flushKeyMove);
  useEffect(() => {
    flushRef.current = flushKeyMove;
  });
  useEffect(
    () => () => {
      const drag = dragRef.current;
      if (drag?.timer != null) window.clearTimeout(drag.timer);
      flushRef.current();
    },
    [],
  );

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>, table: DiningTable) => {
    if ((event.pointerType === 'mouse' && event.button !== 0) || onPickTable) return;
    onSelect(table.id);
    if (!movable) return;
    const floor = floorRef.current;
    const width = floor?.getBoundingClientRect().width ?? 0;
    if (width <= 0 || dragRef.current) return;
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    flushKeyMove();
    const origin = tablePosition(table);
    dragRef.current = {
      id: table.id,
      pointerId: event.pointerId,
      startClientX: event.clientX,
      startClientY: event.clientY,
      unitsPerPixel: FLOOR_WIDTH / width,
      origin,
      current: origin,
      sent: origin,
      moved: false,
      ended: false,
      failed: false,
      lastSentAt: 0,
      timer: null,
      inFlight: null,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId || drag.failed) return;
    const dx = event.clientX - drag.startClientX;
    const dy = event.clientY - drag.startClientY;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    drag.moved = true;
    const next = clampPosition(drag.origin.x + dx * drag.unitsPerPixel, drag.origin.y + dy * drag.unitsPerPixel);
    if (next.x === drag.current.x && next.y === drag.current.y) return;
    drag.current = next;
    setDragPosition({ id: drag.id, point: next });
    scheduleDragSave(drag);
  };

  const onPointerEnd = (event: PointerEvent<HTMLButtonElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    endDrag(drag);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, table: DiningTable) => {
    if (event.key === 'Escape') {
      onSelect(null);
      return;
    }
    if (!movable) return;
    const step = event.shiftKey ? 10 : 1;
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = delta[event.key];
    if (!move || selectedId !== table.id || dragRef.current) return;
    event.preventDefault();
    const pending = keyMoveRef.current;
    if (pending && pending.id !== table.id) flushKeyMove();
    // Keys pressed faster than React re-renders would each start from the same rendered position: the move
    // still waiting to be saved is the current one.
    const from = pending?.id === table.id ? pending.current : tablePosition(table);
    const next = clampPosition(from.x + move[0], from.y + move[1]);
    if (next.x === from.x && next.y === from.y) return;
    void queryClient.cancelQueries({ queryKey: tablesQueryKey });
    patchCachedTable(queryClient, table.id, { positionX: next.x, positionY: next.y });
    const origin = keyMoveRef.current?.id === table.id ? keyMoveRef.current.origin : tablePosition(table);
    if (keyMoveRef.current) window.clearTimeout(keyMoveRef.current.timer);
    keyMoveRef.current = { id: table.id, origin, current: next, timer: window.setTimeout(flushKeyMove, DEFAULT_DEBOUNCE_MS) };
  };

  const captioned = tables.find((table) => table.id === (hoveredId ?? focusedId));
  return (
    <div
      ref={floorRef}
      role="group"
      aria-label={text.floorLabel}
      className="@container relative w-full touch-none select-none overflow-hidden rounded-lg border bg-muted/40 bg-[radial-gradient(circle,var(--color-border)_1px,transparent_1px)] bg-[size:5%_6.6667%]"
      style={{ aspectRatio: `${FLOOR_WIDTH} / ${FLOOR_HEIGHT}` }}
    >
      {tables.map((table) => {
        const point = dragPosition?.id === table.id ? dragPosition.point : tablePosition(table);
        const selected = table.id === selectedId;
        const dragging = dragPosition?.id === table.id;
        const state = occupancy?.get(table.id);
        return (
          <button
            key={table.id}
            type="button"
            {...{ [TABLE_ATTRIBUTE]: table.id }}
            aria-label={tableAccessibleName(table, state)}
            data-state={state?.state}
            onFocus={() => setFocusedId(table.id)}
            onBlur={() => setFocusedId((focused) => (focused === table.id ? null : focused))}
            onPointerEnter={(event) => event.pointerType === 'mouse' && setHoveredId(table.id)}
            onPointerLeave={() => setHoveredId((hovered) => (hovered === table.id ? null : hovered))}
            aria-pressed={selected}
            onPointerDown={(event) => onPointerDown(event, table)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            onLostPointerCapture={onPointerEnd}
            onClick={() => (onPickTable ? onPickTable(table.id) : onSelect(table.id))}
            onKeyDown={(event) => onKeyDown(event, table)}
            className={cn(
              'absolute flex touch-none flex-col items-center justify-center gap-0.5 overflow-hidden border-2 p-0.5 text-center leading-tight shadow-sm outline-none transition-shadow focus-visible:ring-4 focus-visible:ring-ring/50',
              state ? STATE_CLASSES[state.state] : 'border-foreground/30 bg-card',
              table.shape === 'circle' ? 'rounded-full' : 'rounded-md',
              selected && 'z-10 ring-4 ring-brand/60',
              dropTargetId === table.id && 'z-10 ring-4 ring-foreground/70',
              dragging ? 'z-20 cursor-grabbing shadow-lg' : onPickTable ? 'cursor-pointer' : 'cursor-grab',
              !table.isActive && 'border-dashed opacity-60',
            )}
            style={{
              left: `${(point.x / FLOOR_WIDTH) * 100}%`,
              top: `${(point.y / FLOOR_HEIGHT) * 100}%`,
              width: `${(TABLE_SIZE / FLOOR_WIDTH) * 100}%`,
              height: `${(TABLE_SIZE / FLOOR_HEIGHT) * 100}%`,
              transform: `rotate(${table.rotation}deg)`,
              fontSize: 'clamp(7px, 1.5cqw, 13px)',
            }}
          >
            <TableFace table={table} occupancy={state} zoneName={zoneNames?.get(table.zoneId)} />
          </button>
        );
      })}
      {captioned && !dragPosition && (
        <TableCaption table={captioned} occupancy={occupancy?.get(captioned.id)} zoneName={zoneNames?.get(captioned.zoneId)} />
      )}
    </div>
  );
}
