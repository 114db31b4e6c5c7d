import { describe, expect, it } from 'vitest';
import { holdStart, holdsTables, lacksSeats, occupiedInterval, occupiedState, reservationAt, serviceTimer, slotMinute, slotsOverlap } from './seating.ts';

const at = (reservationDate: string, reservationTime: string) => ({ reservationDate, reservationTime });
const booked = (time: string, extra: Partial<{ status: 'pending' | 'confirmed' | 'cancelled' | 'completed'; arrivalStatus: 'pending' | 'arrived' | 'no_show' | 'delayed'; date: string }> = {}) => ({
  reservationDate: extra.date ?? '2026-11-24',
  reservationTime: time,
  status: extra.status ?? 'confirmed',
  arrivalStatus: extra.arrivalStatus ?? 'pending',
});

describe('seating rules', () => {
  it('overlaps when the intervals intersect, not when one ends as the other starts', () => {
    expect(slotsOverlap(at('2026-11-24', '13:00'), at('2026-11-24', '14:00'), 90)).toBe(true);
    expect(slotsOverlap(at('2026-11-24', '13:00'), at('2026-11-24', '14:30'), 90)).toBe(false);
    expect(slotsOverlap(at('2026-11-24', '13:00'), at('2026-11-24', '13:00'), 30)).toBe(true);
    expect(slotsOverlap(at('2026-11-24', '13:00'), at('2026-11-25', '13:00'), 120)).toBe(false);
  });

  it('carries a late reservation past midnight into the next day', () => {
    expect(slotMinute('2026-11-25', '00:00') - slotMinute('2026-11-24', '23:00')).toBe(60);
    expect(slotsOverlap(at('2026-11-24', '23:00'), at('2026-11-25', '00:30'), 120)).toBe(true);
  });

  it('lets only pending and confirmed reservations that did not miss their table hold it', () => {
    expect(holdsTables({ status: 'pending', arrivalStatus: 'pending' })).toBe(true);
    expect(holdsTables({ status: 'confirmed', arrivalStatus: 'arrived' })).toBe(true);
    expect(holdsTables({ status: 'cancelled', arrivalStatus: 'pending' })).toBe(false);
    expect(holdsTables({ status: 'completed', arrivalStatus: 'arrived' })).toBe(false);
    expect(holdsTables({ status: 'confirmed', arrivalStatus: 'no_show' })).toBe(false);
  });

  it('maps arrival to the table colour', () => {
    expect(occupiedState('arrived')).toBe('seated');
    expect(occupiedState('delayed')).toBe('late');
    expect(occupiedState('pending')).toBe('reserved');
  });

  it('finds the reservation covering a moment', () => {
    const lunch = booked('13:00');
    const late = booked('15:00', { status: 'cancelled' });
    expect(reservationAt([lunch, late], at('2026-11-24', '13:00'), 90)).toBe(lunch);
    expect(reservationAt([lunch, late], at('2026-11-24', '14:29'), 90)).toBe(lunch);
    expect(reservationAt([lunch, late], at('2026-11-24', '14:30'), 90)).toBeNull();
    expect(reservationAt([lunch, late], at('2026-11-24', '15:30'), 90)).toBeNull();
    expect(reservationAt([lunch], at('2026-11-24', '12:59'), 90)).toBeNull();
  });

  it('warns only when the chosen seats fall short of the party', () => {
    expect(lacksSeats(6, [4, 2])).toBe(false);
    expect(lacksSeats(7, [4, 2])).toBe(true);
    expect(lacksSeats(7, [])).toBe(false);
  });
});

describe('serviceTimer', () => {
  const booking = (time: string, status: 'confirmed' | 'pending' = 'confirmed', arrivalStatus: 'pending' | 'arrived' | 'delayed' | 'no_show' = 'pending') =>
    ({ reservationDate: '2026-11-24', reservationTime: time, status, arrivalStatus, numberOfPeople: 4 }) as const;
  const at = (time: string, date = '2026-11-24') => ({ reservationDate: date, reservationTime: time });

  it('marks a confirmed guest not yet arrived as late from 15 minutes after the time', () => {
    expect(serviceTimer(booking('21:00'), at('21:14'), 90)).toBeNull();
    expect(serviceTimer(booking('21:00'), at('21:15'), 90)).toEqual({ kind: 'late', minutes: 15 });
    expect(serviceTimer(booking('21:00', 'confirmed', 'delayed'), at('21:30'), 90)).toEqual({ kind: 'late', minutes: 30 });
    expect(serviceTimer(booking('23:50'), at('00:10', '2026-11-25'), 90)).toEqual({ kind: 'late', minutes: 20 });
    expect(serviceTimer(booking('21:00', 'pending'), at('22:00'), 90)).toBeNull();
    expect(serviceTimer(booking('21:00', 'confirmed', 'no_show'), at('22:00'), 90)).toBeNull();
  });

  it('marks a seated party over time once its stay is over, by party size when the stay depends on it', () => {
    const seated = booking('21:00', 'confirmed', 'arrived');
    expect(serviceTimer(seated, at('22:29'), 90)).toBeNull();
    expect(serviceTimer(seated, at('22:40'), 90)).toEqual({ kind: 'overTime', minutes: 10 });
    expect(serviceTimer(seated, at('22:30'), (party) => (party > 2 ? 105 : 90))).toBeNull();
    expect(serviceTimer(seated, at('22:45'), (party) => (party > 2 ? 105 : 90))).toEqual({ kind: 'overTime', minutes: 0 });
  });
});

// Issue 52, item 4 (decision 066). 19:10Z is 20:10 in Madrid on 2026-11-24 (winter, UTC+1).
describe('an early arrival', () => {
  const dinner = { ...booked('21:00'), numberOfPeople: 2 };
  const arrivedEarly = { ...dinner, arrivalStatus: 'arrived' as const, arrivedAt: '2026-11-24T19:10:00.000Z' };

  it('holds the table from the arrival until the booked end, not for a stay counted from the arrival', () => {
    expect(occupiedInterval(dinner, 90)).toEqual({ start: slotMinute('2026-11-24', '21:00'), end: slotMinute('2026-11-24', '22:30') });
    expect(occupiedInterval(arrivedEarly, 90)).toEqual({ start: slotMinute('2026-11-24', '20:10'), end: slotMinute('2026-11-24', '22:30') });
  });

  it('counts only while the party is marked arrived, and never moves a late arrival or one marked on another day', () => {
    const booked2100 = slotMinute('2026-11-24', '21:00');
    expect(holdStart({ ...arrivedEarly, arrivalStatus: 'pending' })).toBe(booked2100);
    expect(holdStart({ ...arrivedEarly, arrivedAt: null })).toBe(booked2100);
    expect(holdStart({ ...arrivedEarly, arrivedAt: new Date('2026-11-24T20:20:00Z') })).toBe(booked2100);
    expect(holdStart({ ...arrivedEarly, arrivedAt: '2026-11-23T19:10:00.000Z' })).toBe(booked2100);
  });

  it('shows the table held, and seated, in the gap before the booked time; free there before the arrival', () => {
    const at2015 = at('2026-11-24', '20:15');
    expect(reservationAt([dinner], at2015, 90)).toBeNull();
    expect(reservationAt([arrivedEarly], at2015, 90)).toBe(arrivedEarly);
    expect(reservationAt([arrivedEarly], at('2026-11-24', '20:05'), 90)).toBeNull();
    expect(occupiedState(arrivedEarly.arrivalStatus)).toBe('seated');
    expect(serviceTimer(arrivedEarly, at2015, 90)).toBeNull();
  });
});
