import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthsBefore, type SegmentFigures, segmentsOf } from './guest-segments.ts';

const none: SegmentFigures = { visits: 0, noShows: 0, firstVisitOn: null, lastVisitOn: null, thirdLastVisitOn: null, tags: [] };
const TODAY = '2026-11-24';

describe('monthsBefore', () => {
  it.each([
    ['2026-11-24', 12, '2025-11-24'],
    ['2026-11-24', 6, '2026-05-24'],
    ['2026-05-31', 6, '2025-11-30'],
    ['2024-02-29', 12, '2023-02-28'],
    ['2026-01-15', 1, '2025-12-15'],
  ])('%s minus %i months is %s', (date, months, expected) => expect(monthsBefore(date, months)).toBe(expected));

  it('is always earlier, and never more than a month off the day count', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }), fc.integer({ min: 1, max: 24 }), (date, months) => {
        const day = date.toISOString().slice(0, 10);
        const before = monthsBefore(day, months);
        const days = (Date.parse(day) - Date.parse(before)) / 86_400_000;
        return before < day && days >= months * 28 && days <= months * 31;
      }),
    );
  });
});

describe('segmentsOf', () => {
  it.each<[string, Partial<SegmentFigures>, string[]]>([
    ['a guest who never came is new', {}, ['new']],
    ['three visits within 12 months: a regular', { visits: 3, firstVisitOn: '2025-01-01', lastVisitOn: '2026-11-01', thirdLastVisitOn: '2025-11-24' }, ['regulars']],
    ['the third latest visit a day too early: not a regular', { visits: 3, firstVisitOn: '2025-01-01', lastVisitOn: '2026-11-01', thirdLastVisitOn: '2025-11-23' }, []],
    ['a first visit 90 days ago is still new', { visits: 1, firstVisitOn: '2026-08-26', lastVisitOn: '2026-08-26' }, ['new']],
    ['two visits, the last over 6 months ago: lost', { visits: 2, firstVisitOn: '2025-01-01', lastVisitOn: '2026-05-23' }, ['lost']],
    ['one visit long ago is not lost', { visits: 1, firstVisitOn: '2025-01-01', lastVisitOn: '2025-01-01' }, []],
    ['tagged VIP, with a no-show', { visits: 0, noShows: 1, tags: ['VIP'] }, ['new', 'vip', 'noShows']],
  ])('%s', (_, figures, expected) => expect(segmentsOf({ ...none, ...figures }, TODAY)).toEqual(expected));
});
