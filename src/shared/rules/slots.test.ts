import { describe, expect, it } from 'vitest';
import { adminSlots, isAdminSlot, isTimeInWindow, pausedSlots, timeSlots } from './slots.ts';

describe('timeSlots', () => {
  it('gives every half hour from opening, excluding the closing time', () => {
    expect(timeSlots('13:00', '18:00')).toEqual([
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
      '17:30',
    ]);
  });

  it('keeps the last slot before a closing time off the step', () => {
    expect(timeSlots('13:00', '14:15')).toEqual(['13:00', '13:30', '14:00']);
    expect(timeSlots('13:15', '14:30')).toEqual(['13:15', '13:45', '14:15']);
  });

  it('honours another step', () => {
    expect(timeSlots('13:00', '14:00', 15)).toEqual(['13:00', '13:15', '13:30', '13:45']);
  });

  it('is empty when the window is empty or inverted', () => {
    expect(timeSlots('13:00', '13:00')).toEqual([]);
    expect(timeSlots('18:00', '13:00')).toEqual([]);
  });

  it('rejects bad input', () => {
    expect(() => timeSlots('13:00', '18:00', 0)).toThrow(RangeError);
    expect(() => timeSlots('25:00', '18:00')).toThrow(RangeError);
  });
});

describe('adminSlots', () => {
  it('runs 08:00 to 23:30 every 30 minutes, both included', () => {
    const slots = adminSlots();
    expect(slots).toHaveLength(32);
    expect(slots[0]).toBe('08:00');
    expect(slots[1]).toBe('08:30');
    expect(slots.at(-1)).toBe('23:30');
    expect(new Set(slots).size).toBe(32);
  });

  it('returns a fresh array each time', () => {
    const first = adminSlots();
    first.pop();
    expect(adminSlots()).toHaveLength(32);
  });

  it('isAdminSlot accepts exactly those', () => {
    for (const slot of adminSlots()) expect(isAdminSlot(slot)).toBe(true);
    for (const time of ['07:30', '08:15', '23:59', '00:00', '02:30', '8:00', '']) expect(isAdminSlot(time)).toBe(false);
  });
});

describe('isTimeInWindow', () => {
  it('includes both ends', () => {
    expect(isTimeInWindow('14:00', '14:00', '15:00')).toBe(true);
    expect(isTimeInWindow('15:00', '14:00', '15:00')).toBe(true);
    expect(isTimeInWindow('14:30', '14:00', '15:00')).toBe(true);
  });

  it('excludes times outside', () => {
    expect(isTimeInWindow('13:59', '14:00', '15:00')).toBe(false);
    expect(isTimeInWindow('15:01', '14:00', '15:00')).toBe(false);
  });

  it('contains nothing when inverted', () => {
    expect(isTimeInWindow('14:30', '15:00', '14:00')).toBe(false);
  });
});

describe('pausedSlots', () => {
  const slots = timeSlots('13:00', '18:00');

  it('lists the slots inside the pause, both ends included', () => {
    expect(pausedSlots(slots, { startTime: '14:00', endTime: '15:00' })).toEqual(['14:00', '14:30', '15:00']);
    expect(pausedSlots(slots, { startTime: '13:45', endTime: '14:15', isActive: true })).toEqual(['14:00']);
  });

  it('pauses nothing without an active pause', () => {
    expect(pausedSlots(slots, null)).toEqual([]);
    expect(pausedSlots(slots, { startTime: '14:00', endTime: '15:00', isActive: false })).toEqual([]);
  });

  it('can pause the whole day', () => {
    expect(pausedSlots(slots, { startTime: '08:00', endTime: '23:30' })).toEqual(slots);
  });
});
