// A table's move on the floor as it happens: by pointer (a drag, saved at intervals and on release) or by the arrow keys.
import type { FloorPoint } from './geometry';

/** During a drag the position is saved at most this often, and once more on release. */
export const DRAG_SAVE_INTERVAL_MS = 150;
/** Pixels a press may wander before it counts as a drag rather than a click. */
export const DRAG_THRESHOLD_PX = 3;

/** Marks each table so that a press on it does not deselect. */
export const TABLE_ATTRIBUTE = 'data-table-id';

export interface DragState {
  id: string;
  pointerId: number;
  startClientX: number;
  startClientY: number;
  /** Floor units per screen pixel, measured when the press began. */
  unitsPerPixel: number;
  origin: FloorPoint;
  current: FloorPoint;
  sent: FloorPoint;
  moved: boolean;
  ended: boolean;
  failed: boolean;
  lastSentAt: number;
  timer: number | null;
  inFlight: Promise<void> | null;
}

export interface KeyMove {
  id: string;
  origin: FloorPoint;
  current: FloorPoint;
  timer: number;
}
