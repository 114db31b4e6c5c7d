import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intervalsOverlap, type Interval } from './seating.ts';
import {
  assignTables,
  type Floor,
  type FloorTable,
  holdsByTable,
  placeUnassigned,
  seatingOptions,
  type TableHold,
  turnMinutes,
} from './table-capacity.ts';

const ZONES = ['sala', 'terraza'];

const tableArb = (index: number) =>
  fc
    .record({ maxParty: fc.integer({ min: 1, max: 8 }), minOffset: fc.integer({ min: 0, max: 7 }), zone: fc.constantFrom(...ZONES), walkInOnly: fc.boolean() })
    .map(({ maxParty, minOffset, zone, walkInOnly }): FloorTable => ({
      id: `t${index}`,
      zoneId: zone,
      maxParty,
      minParty: Math.max(1, maxParty - minOffset),
      walkInOnly: walkInOnly && index % 4 === 3,
      order: index,
    }));

const floorArb: fc.Arbitrary<Floor> = fc.integer({ min: 1, max: 8 }).chain((count) =>
  fc
    .tuple(
      fc.tuple(...Array.from({ length: count }, (_, index) => tableArb(index))),
      fc.array(
        fc.record({
          // A one-table floor has nothing to join: its combinations come out empty and are dropped below.
          members: fc.uniqueArray(fc.integer({ min: 0, max: count - 1 }), { minLength: Math.min(2, count), maxLength: Math.min(3, count) }),
          min: fc.integer({ min: 2, max: 8 }),
          span: fc.integer({ min: 0, max: 6 }),
        }),
        { maxLength: 4 },
      ),
    )
    .map(([tables, combos]) => ({
      tables,
      combinations: combos
        .filter((combo) => combo.members.length >= 2)
        .map((combo, index) => ({ id: `c${index}`, tableIds: combo.members.map((member) => `t${member}`), minParty: combo.min, maxParty: combo.min + combo.span })),
    })),
);

/** Bookings of one evening: a start every 15 minutes between 0 and 4 h, a party of 1-10, a stay of 60-150 min. */
const bookingArb = fc.record({
  party: fc.integer({ min: 1, max: 10 }),
  start: fc.integer({ min: 0, max: 16 }).map((quarter) => quarter * 15),
  stay: fc.constantFrom(60, 90, 105, 120, 150),
});

const interval = (booking: { start: number; stay: number }): Interval => ({ start: booking.start, end: booking.start + booking.stay });

/** Every option that is free over the interval, found the slow way. */
function freeOptions(floor: Floor, holds: readonly TableHold[], party: number, at: Interval, zoneIds?: ReadonlySet<string>) {
  const held = holdsByTable(holds);
  return seatingOptions(floor, party, { zoneIds }).filter((option) =>
    option.tableIds.every((id) => !(held.get(id) ?? []).some((other) => intervalsOverlap(other, at))),
  );
}

/** Books each request in turn as the server does: assign, or refuse. */
function bookAll(floor: Floor, bookings: readonly { party: number; start: number; stay: number }[], zoneIds?: ReadonlySet<string>) {
  const holds: (TableHold & { party: number; combinationId: string | null })[] = [];
  const refused: { party: number; at: Interval; holdsThen: TableHold[] }[] = [];
  for (const booking of bookings) {
    const at = interval(booking);
    const option = assignTables(floor, holds, booking.party, at, { zoneIds });
    if (option) holds.push({ tableIds: option.tableIds, interval: at, party: booking.party, combinationId: option.combinationId });
    else refused.push({ party: booking.party, at, holdsThen: [...holds] });
  }
  return { holds, refused };
}

describe('table capacity', () => {
  it('never holds a table twice over overlapping times', () => {
    fc.assert(
      fc.property(floorArb, fc.array(bookingArb, { maxLength: 30 }), (floor, bookings) => {
        const { holds } = bookAll(floor, bookings);
        for (let i = 0; i < holds.length; i += 1) {
          for (let j = i + 1; j < holds.length; j += 1) {
            const shared = holds[i]!.tableIds.some((id) => holds[j]!.tableIds.includes(id));
            if (shared) expect(intervalsOverlap(holds[i]!.interval, holds[j]!.interval)).toBe(false);
          }
        }
      }),
    );
  });

  it('seats a party only within the min and max of its table or combination, never at a walk-in-only table', () => {
    fc.assert(
      fc.property(floorArb, fc.array(bookingArb, { maxLength: 30 }), (floor, bookings) => {
        const byId = new Map(floor.tables.map((table) => [table.id, table]));
        for (const hold of bookAll(floor, bookings).holds) {
          expect(hold.tableIds.every((id) => !byId.get(id)!.walkInOnly)).toBe(true);
          if (hold.tableIds.length === 1) {
            const table = byId.get(hold.tableIds[0]!)!;
            expect(hold.party).toBeGreaterThanOrEqual(table.minParty);
            expect(hold.party).toBeLessThanOrEqual(table.maxParty);
          } else {
            const combination = floor.combinations.find((candidate) => candidate.id === hold.combinationId)!;
            expect(combination.tableIds.toSorted()).toEqual(hold.tableIds.toSorted());
            expect(hold.party).toBeGreaterThanOrEqual(combination.minParty);
            expect(hold.party).toBeLessThanOrEqual(combination.maxParty);
          }
        }
      }),
    );
  });

  it('chooses the best fit: no free option seats the party with fewer places, or as few with fewer tables', () => {
    fc.assert(
      fc.property(floorArb, fc.array(bookingArb, { maxLength: 20 }), bookingArb, (floor, bookings, request) => {
        const { holds } = bookAll(floor, bookings);
        const at = interval(request);
        const chosen = assignTables(floor, holds, request.party, at);
        const free = freeOptions(floor, holds, request.party, at);
        if (!chosen) {
          expect(free).toEqual([]);
          return;
        }
        for (const option of free) {
          expect(option.capacity).toBeGreaterThanOrEqual(chosen.capacity);
          if (option.capacity === chosen.capacity) expect(option.tableIds.length).toBeGreaterThanOrEqual(chosen.tableIds.length);
        }
      }),
    );
  });

  it('refuses only when nothing is free: every refusal had no free table or combination', () => {
    fc.assert(
      fc.property(floorArb, fc.array(bookingArb, { maxLength: 30 }), (floor, bookings) => {
        for (const refusal of bookAll(floor, bookings).refused) {
          expect(freeOptions(floor, refusal.holdsThen, refusal.party, refusal.at)).toEqual([]);
        }
      }),
    );
  });

  it('keeps a guest to the zones open online', () => {
    fc.assert(
      fc.property(floorArb, fc.array(bookingArb, { maxLength: 20 }), (floor, bookings) => {
        const zoneOf = new Map(floor.tables.map((table) => [table.id, table.zoneId]));
        for (const hold of bookAll(floor, bookings, new Set(['sala'])).holds) {
          expect(hold.tableIds.every((id) => zoneOf.get(id) === 'sala')).toBe(true);
        }
      }),
    );
  });

  it('places unassigned bookings without overlap before a new one is offered', () => {
    fc.assert(
      fc.property(floorArb, fc.array(bookingArb, { maxLength: 20 }), (floor, bookings) => {
        const placed = placeUnassigned(floor, [], bookings.map((booking) => ({ party: booking.party, interval: interval(booking) })));
        const held = holdsByTable(placed);
        for (const intervals of held.values()) {
          const sorted = intervals.toSorted((a, b) => a.start - b.start);
          for (let i = 1; i < sorted.length; i += 1) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
        }
      }),
    );
  });

  it('joins tables only through a defined combination, and prefers one table to two of the same size', () => {
    const floor: Floor = {
      tables: [
        { id: 'm1', zoneId: 'sala', minParty: 1, maxParty: 2, walkInOnly: false, order: 1 },
        { id: 'm2', zoneId: 'sala', minParty: 1, maxParty: 2, walkInOnly: false, order: 2 },
        { id: 'm3', zoneId: 'sala', minParty: 3, maxParty: 4, walkInOnly: false, order: 3 },
      ],
      combinations: [{ id: 'm1+m2', tableIds: ['m1', 'm2'], minParty: 3, maxParty: 4 }],
    };
    const evening = { start: 0, end: 90 };
    expect(assignTables(floor, [], 6, evening)).toBeNull();
    expect(assignTables(floor, [], 4, evening)).toMatchObject({ tableIds: ['m3'], combinationId: null });
    expect(assignTables(floor, [{ tableIds: ['m3'], interval: evening }], 4, evening)).toMatchObject({ tableIds: ['m1', 'm2'], combinationId: 'm1+m2' });
    expect(assignTables(floor, [{ tableIds: ['m3'], interval: evening }, { tableIds: ['m2'], interval: { start: 60, end: 150 } }], 4, evening)).toBeNull();
    expect(assignTables(floor, [], 2, evening)).toMatchObject({ tableIds: ['m1'] });
    // A couple is not given the 4-top (its minimum is 3), even when both 2-tops are taken.
    expect(assignTables(floor, [{ tableIds: ['m1'], interval: evening }, { tableIds: ['m2'], interval: evening }], 2, evening)).toBeNull();
  });

  it('turn times follow the party size', () => {
    const turns = { upTo2: 90, upTo4: 105, upTo6: 120, more: 150 };
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((party) => turnMinutes(turns, party))).toEqual([90, 90, 105, 105, 120, 120, 150, 150]);
  });
});
