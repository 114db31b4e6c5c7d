import { describe, expect, it } from 'vitest';
import { copiedHours, copyHoursDays } from './copy-hours';

describe('copyHoursDays', () => {
  it('copies to every other day, Monday included for its exception hours', () => {
    expect(copyHoursDays(2, 'all')).toEqual([0, 1, 3, 4, 5, 6]);
  });
  it('takes Monday to Friday as the weekdays and Saturday and Sunday as the weekend', () => {
    expect(copyHoursDays(6, 'weekdays')).toEqual([1, 2, 3, 4, 5]);
    expect(copyHoursDays(3, 'weekdays')).toEqual([1, 2, 4, 5]);
    expect(copyHoursDays(3, 'weekend')).toEqual([6, 0]);
    expect(copyHoursDays(0, 'weekend')).toEqual([6]);
  });
});

describe('copiedHours', () => {
  it('sends the times and the break but never the open switch', () => {
    const patch = copiedHours({ openTime: '13:00', closeTime: '23:30', breakStartTime: '16:00', breakEndTime: '20:00' });
    expect(patch).toEqual({ openTime: '13:00', closeTime: '23:30', breakStartTime: '16:00', breakEndTime: '20:00' });
    expect(patch).not.toHaveProperty('isOpen');
  });
});
