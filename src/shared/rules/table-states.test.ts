import { describe, expect, it } from 'vitest';
import { slotMinute } from './seating.ts';
import { clashOf, type TableHolder, tableChoices } from './table-states.ts';

const table = (id: string, seats: number, order: number) => ({ id, name: `Mesa ${order}`, seats, order });
const TABLES = [table('t1', 2, 1), table('t2', 2, 2), table('t3', 4, 3), table('t4', 6, 4), table('t5', 4, 5)];
const COMBINATIONS = [{ tableIds: ['t1', 't2'], minParty: 3, maxParty: 4 }];

const holder = (tableId: string, time: string, extra: Partial<TableHolder> = {}): TableHolder => ({
  tableId,
  id: `r-${tableId}-${time}`,
  customerName: 'Ana',
  reservationDate: '2026-12-04',
  reservationTime: time,
  numberOfPeople: 4,
  status: 'confirmed',
  arrivalStatus: 'pending',
  arrivedAt: null,
  ...extra,
});

const at = (time: string, party: number, minutes = 90) => {
  const start = slotMinute('2026-12-04', time);
  return { party, interval: { start, end: start + minutes }, stay: 90 };
};

describe('table choices', () => {
  it('says free, too small, combination and occupied by whom until when, fitting free first', () => {
    const choices = tableChoices(TABLES, COMBINATIONS, [holder('t5', '20:30')], at('21:00', 3));
    expect(choices.map((choice) => [choice.tableId, choice.state])).toEqual([
      ['t3', 'free'],
      ['t4', 'free'],
      ['t1', 'combination'],
      ['t2', 'combination'],
      ['t5', 'occupied'],
    ]);
    expect(choices.find((choice) => choice.tableId === 't5')!.holder).toEqual({ reservationId: 'r-t5-20:30', customerName: 'Ana', until: '22:00' });
    expect(choices.find((choice) => choice.tableId === 't1')!.combinedWith).toEqual(['Mesa 2']);
  });

  it('calls a table too small when its combination is taken or does not take the party', () => {
    const taken = tableChoices(TABLES, COMBINATIONS, [holder('t2', '21:00', { numberOfPeople: 2 })], at('21:00', 3));
    expect(taken.find((choice) => choice.tableId === 't1')!.state).toBe('tooSmall');
    const tooMany = tableChoices(TABLES, COMBINATIONS, [], at('21:00', 5));
    expect(tooMany.filter((choice) => choice.state === 'tooSmall').map((choice) => choice.tableId)).toEqual(['t1', 't2', 't3', 't5']);
  });

  it('frees a table whose holder left, was cancelled, did not come, or ends as the booking starts', () => {
    const holders = [
      holder('t1', '21:00', { status: 'completed' }),
      holder('t2', '21:00', { status: 'cancelled' }),
      holder('t3', '21:00', { arrivalStatus: 'no_show' }),
      holder('t4', '19:30'),
    ];
    expect(tableChoices(TABLES, [], holders, at('21:00', 2)).every((choice) => choice.state === 'free')).toBe(true);
  });

  it('sees a stay of the evening before running past midnight, and the holder\'s own stay', () => {
    const late = holder('t3', '23:30', { reservationDate: '2026-12-03' });
    const start = slotMinute('2026-12-04', '00:30');
    const choices = tableChoices(TABLES, [], [late], { party: 2, interval: { start, end: start + 60 }, stay: (people) => (people > 2 ? 120 : 60) });
    expect(choices.find((choice) => choice.tableId === 't3')!.holder?.until).toBe('01:30');
  });

  it('finds the clash seating refuses, whatever the table\'s name', () => {
    const holders = [holder('t1', '20:00'), holder('t3', '21:00')];
    expect(clashOf(holders, ['t3', 't4'], at('21:30', 2).interval, 90)?.tableId).toBe('t3');
    expect(clashOf(holders, ['t1'], at('21:30', 2).interval, 90)).toBeNull();
  });
});
