import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TABLE_EDGE_MARGIN_PX, TABLE_SIZE_PX } from '../limits.ts';
import { FLOOR_HEIGHT, FLOOR_WIDTH } from '../schemas/table.ts';
import { clampPosition, nearestFreeSpot, tablesOverlap } from './floor-layout.ts';

const point = fc.record({ x: fc.integer({ min: 0, max: FLOOR_WIDTH }), y: fc.integer({ min: 0, max: FLOOR_HEIGHT }) });

describe('floor layout', () => {
  it('keeps the wanted point when it is free', () => {
    expect(nearestFreeSpot({ x: 70, y: 70 }, [{ x: 300, y: 300 }])).toEqual({ x: 70, y: 70 });
  });

  it('moves a table off another to a free spot nearby, inside the floor', () => {
    fc.assert(
      fc.property(point, fc.array(point, { maxLength: 20 }), (wanted, placed) => {
        const others = placed.map((p) => clampPosition(p.x, p.y));
        const spot = nearestFreeSpot(wanted, others);
        expect(spot.x).toBeGreaterThanOrEqual(TABLE_EDGE_MARGIN_PX);
        expect(spot.x).toBeLessThanOrEqual(FLOOR_WIDTH - TABLE_SIZE_PX - TABLE_EDGE_MARGIN_PX);
        expect(spot.y).toBeLessThanOrEqual(FLOOR_HEIGHT - TABLE_SIZE_PX - TABLE_EDGE_MARGIN_PX);
        // Twenty tables leave plenty of room on an 800 × 600 floor: the spot is always free.
        expect(others.some((other) => tablesOverlap(spot, other))).toBe(false);
      }),
    );
  });

  it('takes the nearest free spot: right beside the table it would cover', () => {
    const spot = nearestFreeSpot({ x: 100, y: 100 }, [{ x: 100, y: 100 }]);
    expect(tablesOverlap(spot, { x: 100, y: 100 })).toBe(false);
    expect(Math.hypot(spot.x - 100, spot.y - 100)).toBeLessThanOrEqual(TABLE_SIZE_PX + 10);
  });
});

describe('a gap kept around the other tables', () => {
  it('refuses a spot that touches another table, and finds one that keeps the gap', () => {
    const other = { x: 100, y: 100 };
    const touching = { x: 100 + TABLE_SIZE_PX, y: 100 };
    expect(tablesOverlap(touching, other)).toBe(false);
    expect(tablesOverlap(touching, other, 20)).toBe(true);
    const spot = nearestFreeSpot(touching, [other], 20);
    expect(Math.max(Math.abs(spot.x - other.x), Math.abs(spot.y - other.y))).toBeGreaterThanOrEqual(TABLE_SIZE_PX + 20);
  });
});
