import { describe, expect, it } from 'vitest';
import { beyondLargestParty, largestParty } from './party-limit.ts';
import type { Floor, FloorTable } from './table-capacity.ts';

const table = (id: string, maxParty: number, values: Partial<FloorTable> = {}): FloorTable => ({
  id,
  zoneId: 'sala',
  maxParty,
  minParty: 1,
  walkInOnly: false,
  order: Number(id.slice(1)),
  ...values,
});
const noPacing = { maxCoversPerSlot: null, maxCoversPerDay: null };
const online = { zoneIds: new Set(['sala']) };

describe('largestParty', () => {
  it("is the smallest covers maximum in 'Por cubiertos', and no limit without one", () => {
    expect(largestParty(noPacing)).toBeNull();
    expect(largestParty({ maxCoversPerSlot: 8, maxCoversPerDay: null })).toBe(8);
    expect(largestParty({ maxCoversPerSlot: 8, maxCoversPerDay: 6 })).toBe(6);
  });

  it("is the largest party a table or combination open online seats in 'Por mesas'", () => {
    const floor: Floor = {
      tables: [
        table('t1', 4),
        table('t2', 6),
        // Kept for walk-ins, and in a zone staff keep off the form: neither counts.
        table('t3', 10, { walkInOnly: true }),
        table('t4', 12, { zoneId: 'privado' }),
      ],
      combinations: [],
    };
    expect(largestParty({ ...noPacing, floor: { floor, scope: online } })).toBe(6);
    const joined = { ...floor, combinations: [{ id: 'c1', tableIds: ['t1', 't2'], minParty: 7, maxParty: 9 }] };
    expect(largestParty({ ...noPacing, floor: { floor: joined, scope: online } })).toBe(9);
    // A combination with a table the form may not book is no option.
    const withWalkIn = { ...floor, combinations: [{ id: 'c2', tableIds: ['t2', 't3'], minParty: 7, maxParty: 11 }] };
    expect(largestParty({ ...noPacing, floor: { floor: withWalkIn, scope: online } })).toBe(6);
    // Covers pacing is one layer over both modes: the smaller limit wins.
    expect(largestParty({ maxCoversPerSlot: 5, maxCoversPerDay: null, floor: { floor: joined, scope: online } })).toBe(5);
    expect(largestParty({ ...noPacing, floor: { floor: { tables: [], combinations: [] }, scope: online } })).toBe(0);
  });
});

describe('beyondLargestParty', () => {
  it('is a party over the limit, never one without a limit', () => {
    expect(beyondLargestParty(6, 7)).toBe(true);
    expect(beyondLargestParty(6, 6)).toBe(false);
    expect(beyondLargestParty(null, 12)).toBe(false);
  });
});
