// Where a table may stand on the map (issue 21): inside the floor, and never over another table. A table is a
// TABLE_SIZE_PX square of floor units whose position is its top-left corner; a new or dropped table that would cover
// another goes to the nearest free spot instead.
import { TABLE_EDGE_MARGIN_PX, TABLE_SIZE_PX } from '../limits.ts';
import { FLOOR_HEIGHT, FLOOR_WIDTH } from '../schemas/table.ts';

export interface FloorPoint {
  x: number;
  y: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const MAX_X = FLOOR_WIDTH - TABLE_SIZE_PX - TABLE_EDGE_MARGIN_PX;
const MAX_Y = FLOOR_HEIGHT - TABLE_SIZE_PX - TABLE_EDGE_MARGIN_PX;
/** Free spots are looked for on this grid of floor units around the wanted point. */
const SEARCH_STEP = 10;

/** Keeps the whole table at least the edge margin inside every edge, on whole units. */
export function clampPosition(x: number, y: number): FloorPoint {
  return { x: clamp(Math.round(x), TABLE_EDGE_MARGIN_PX, MAX_X), y: clamp(Math.round(y), TABLE_EDGE_MARGIN_PX, MAX_Y) };
}

/** The same without rounding: a position already inside the floor is kept exactly. */
const insideFloor = (point: FloorPoint): FloorPoint => ({
  x: clamp(point.x, TABLE_EDGE_MARGIN_PX, MAX_X),
  y: clamp(point.y, TABLE_EDGE_MARGIN_PX, MAX_Y),
});

/** Two tables overlap when their squares share any area (touching edges is fine); `gap`: or come closer than that. */
export const tablesOverlap = (a: FloorPoint, b: FloorPoint, gap = 0) =>
  Math.abs(a.x - b.x) < TABLE_SIZE_PX + gap && Math.abs(a.y - b.y) < TABLE_SIZE_PX + gap;

/**
 * The wanted point when it is free, otherwise the free point nearest to it (rings of growing distance on a
 * SEARCH_STEP grid); the wanted point itself when the floor is full. `gap`: the free floor kept around the others
 * (a new table's; a table staff drop may touch another, as when two are pushed together).
 */
export function nearestFreeSpot(wanted: FloorPoint, others: readonly FloorPoint[], gap = 0): FloorPoint {
  const start = insideFloor(wanted);
  const free = (point: FloorPoint) => !others.some((other) => tablesOverlap(point, other, gap));
  if (free(start)) return start;
  let best = null as { point: FloorPoint; distance: number } | null;
  const maxRing = Math.ceil(Math.max(FLOOR_WIDTH, FLOOR_HEIGHT) / SEARCH_STEP);
  for (let ring = 1; ring <= maxRing; ring += 1) {
    for (let dx = -ring; dx <= ring; dx += 1) {
      for (let dy = -ring; dy <= ring; dy += 1) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        const point = clampPosition(start.x + dx * SEARCH_STEP, start.y + dy * SEARCH_STEP);
        const distance = Math.hypot(point.x - start.x, point.y - start.y);
        if (free(point) && (!best || distance < best.distance)) best = { point, distance };
      }
    }
    // A point on a later ring can be nearer than a corner of this one only within √2 of the ring's radius.
    if (best && best.distance <= ring * SEARCH_STEP) return best.point;
  }
  return best?.point ?? start;
}
