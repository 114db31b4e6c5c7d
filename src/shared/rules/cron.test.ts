import { describe, expect, it } from 'vitest';
import { dailyCronExpression } from './cron.ts';

describe('dailyCronExpression', () => {
  it('writes minutes then hours, without leading zeros', () => {
    expect(dailyCronExpression('12:00')).toBe('0 12 * * *');
    expect(dailyCronExpression('09:30')).toBe('30 9 * * *');
    expect(dailyCronExpression('00:05')).toBe('5 0 * * *');
    expect(dailyCronExpression('23:59')).toBe('59 23 * * *');
  });

  it('has no expression for a time that is not HH:MM', () => {
    for (const time of ['', '9:30', '24:00', '12:60', '12:00:00', 'abc']) expect(dailyCronExpression(time)).toBeNull();
  });
});
