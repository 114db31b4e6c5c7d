import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { filterCounts, groupBySlot, matchesServiceFilter, SERVICE_FILTERS, serviceTotals, slotOf, timersById, type ServiceFilter } from './service-day.ts';

type Status = 'pending' | 'confirmed' | 'cancelled' | 'completed';
type Arrival = 'pending' | 'arrived' | 'no_show' | 'delayed';

const booking = (time: string, people: number, status: Status = 'confirmed', arrivalStatus: Arrival = 'pending', name = 'Ana') => ({
  reservationDate: '2026-11-25',
  reservationTime: time,
  numberOfPeople: people,
  status,
  arrivalStatus,
  customerName: name,
});

describe('service view arithmetic', () => {
  it('counts covers as seated plus still expected, leaving out pending, cancelled and no-shows', () => {
    const day = [
      booking('13:00', 4),
      booking('13:00', 2, 'confirmed', 'arrived'),
      booking('13:30', 3, 'completed', 'pending'),
      booking('14:00', 5, 'pending'),
      booking('14:00', 6, 'cancelled'),
      booking('14:30', 2, 'confirmed', 'no_show'),
      booking('15:00', 2, 'confirmed', 'delayed'),
    ];
    expect(serviceTotals(day)).toEqual({ covers: 11, seated: 5, expected: 6 });
  });

  it('keeps under each chip what a host means by it', () => {
    const late = { kind: 'late', minutes: 20 } as const;
    const keep = (filter: ServiceFilter, b: ReturnType<typeof booking>, timer: typeof late | null = null) =>
      matchesServiceFilter(filter, b, timer);
    expect(keep('pending', booking('13:00', 2, 'pending'))).toBe(true);
    expect(keep('confirmed', booking('13:00', 2, 'pending'))).toBe(false);
    expect(keep('seated', booking('13:00', 2, 'confirmed', 'arrived'))).toBe(true);
    expect(keep('seated', booking('13:00', 2, 'completed', 'arrived'))).toBe(false);
    expect(keep('late', booking('13:00', 2), late)).toBe(true);
    expect(keep('late', booking('13:00', 2))).toBe(false);
    expect(keep('late', booking('13:00', 2, 'confirmed', 'delayed'))).toBe(true);
    expect(keep('noShow', booking('13:00', 2, 'confirmed', 'no_show'))).toBe(true);
    expect(keep('cancelled', booking('13:00', 2, 'cancelled'))).toBe(true);
    expect(keep('all', booking('13:00', 2, 'cancelled'))).toBe(true);
  });

  it('groups by half-hour slot in time order, a walk-in at any minute joining its slot', () => {
    expect(slotOf('21:07')).toBe('21:00');
    expect(slotOf('21:30')).toBe('21:30');
    expect(slotOf('9:45')).toBe('09:30');
    const slots = groupBySlot([booking('14:00', 2, 'confirmed', 'pending', 'Zoe'), booking('13:10', 3), booking('14:15', 4, 'confirmed', 'pending', 'Bea'), booking('14:00', 5, 'cancelled', 'pending', 'Ana')]);
    expect(slots.map((slot) => [slot.slot, slot.covers, slot.bookings.map((b) => b.customerName)])).toEqual([
      ['13:00', 3, ['Ana']],
      ['14:00', 6, ['Ana', 'Zoe', 'Bea']],
    ]);
  });

  it('adds slots up to the day: every booking in one slot, slot covers summing to the total', () => {
    const statuses: Status[] = ['pending', 'confirmed', 'cancelled', 'completed'];
    const arrivals: Arrival[] = ['pending', 'arrived', 'no_show', 'delayed'];
    const arbitraryBooking = fc
      .record({
        hour: fc.integer({ min: 12, max: 23 }),
        minute: fc.integer({ min: 0, max: 59 }),
        people: fc.integer({ min: 1, max: 30 }),
        status: fc.constantFrom(...statuses),
        arrival: fc.constantFrom(...arrivals),
      })
      .map(({ hour, minute, people, status, arrival }) => booking(`${hour}:${String(minute).padStart(2, '0')}`, people, status, arrival));
    fc.assert(
      fc.property(fc.array(arbitraryBooking, { maxLength: 60 }), (day) => {
        const slots = groupBySlot(day);
        expect(slots.reduce((sum, slot) => sum + slot.bookings.length, 0)).toBe(day.length);
        expect(slots.reduce((sum, slot) => sum + slot.covers, 0)).toBe(serviceTotals(day).covers);
        expect(new Set(slots.map((slot) => slot.slot)).size).toBe(slots.length);
      }),
    );
  });

  it("counts each chip in one pass exactly as the chip filters, a booking's late timer included", () => {
    const arbitraryBooking = fc.record({
      status: fc.constantFrom<Status>('pending', 'confirmed', 'cancelled', 'completed'),
      arrival: fc.constantFrom<Arrival>('pending', 'arrived', 'no_show', 'delayed'),
      late: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryBooking, { maxLength: 40 }), (drawn) => {
        const day = drawn.map(({ status, arrival, late }, index) => ({ ...booking('21:00', 2, status, arrival), id: String(index), late }));
        const timers = timersById(day, (b) => (b.late && b.status === 'confirmed' ? { kind: 'late', minutes: 20 } : null));
        const counts = filterCounts(day, timers);
        for (const filter of SERVICE_FILTERS) {
          expect(counts[filter]).toBe(day.filter((b) => matchesServiceFilter(filter, b, timers.get(b.id) ?? null)).length);
        }
        expect(counts.all).toBe(day.length);
      }),
    );
  });
});
