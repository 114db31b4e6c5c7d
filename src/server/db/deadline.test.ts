import { describe, expect, it } from 'vitest';
import { DATABASE_HARD_LIMIT_MS, DATABASE_QUIET_MS, deadlineFrom, timeToWait } from './deadline.ts';

describe('timeToWait', () => {
  const deadline = deadlineFrom(0, 4_000);

  it('waits out the budget whatever the database does', () => {
    expect(timeToWait(deadline, -60_000, 1_000)).toBe(3_000);
  });

  it('gives up at the budget when the database has been quiet, within the quiet time of its last answer otherwise', () => {
    expect(timeToWait(deadline, 4_000 - DATABASE_QUIET_MS, 4_000)).toBe(0);
    expect(timeToWait(deadline, 3_900, 4_000)).toBe(DATABASE_QUIET_MS - 100);
    expect(timeToWait(deadline, 3_900 + DATABASE_QUIET_MS, 3_900 + DATABASE_QUIET_MS)).toBe(DATABASE_QUIET_MS);
  });

  it('never waits past the hard limit, however busy the database is', () => {
    expect(timeToWait(deadline, DATABASE_HARD_LIMIT_MS - 1, DATABASE_HARD_LIMIT_MS - 1)).toBe(1);
    expect(timeToWait(deadline, DATABASE_HARD_LIMIT_MS, DATABASE_HARD_LIMIT_MS)).toBe(0);
  });

  it('answers within the budget of a silence that began while a request was waiting', () => {
    // Arrived at 0, the database answered last at 1 000 ms and then fell silent: given up at 4 000 ms at the latest.
    expect(timeToWait(deadline, 1_000, 4_000)).toBe(0);
  });
});
