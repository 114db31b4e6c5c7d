import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_LOCK_ORDER, type DateLocks, dateLocksStatement, guestLockExpression, lockSequence } from './locks.ts';

const dialect = new PgDialect();
const keysOf = (locks: DateLocks) => dialect.sqlToQuery(dateLocksStatement('2026-12-24', locks)!).params;

const anyLocks = fc.record(
  { waitlist: fc.boolean(), guest: fc.emailAddress(), floor: fc.boolean(), covers: fc.boolean() },
  { requiredKeys: [] },
);

describe('the date locks (decision 036)', () => {
  it('are taken in one order, whichever of them a caller asks for', () => {
    fc.assert(
      fc.property(anyLocks, (locks) => {
        const names = lockSequence(locks);
        expect(names).toEqual(DATE_LOCK_ORDER.filter((name) => names.includes(name)));
      }),
    );
    expect(DATE_LOCK_ORDER).toEqual(['waitlist', 'guest', 'floor', 'covers']);
  });

  it('take everything asked in one statement, in that order', () => {
    expect(keysOf({ covers: true, floor: true, guest: 'ana@example.com', waitlist: true })).toEqual([
      'waitlist:2026-12-24',
      'reservation:ana@example.com:2026-12-24',
      'floor:2026-12-24',
      'covers-pacing:2026-12-24',
    ]);
    expect(keysOf({ covers: true, floor: true })).toEqual(['floor:2026-12-24', 'covers-pacing:2026-12-24']);
    expect(dateLocksStatement('2026-12-24', { floor: false })).toBeNull();
    expect(dialect.sqlToQuery(guestLockExpression('2026-12-24', 'ana@example.com')).params).toEqual(['reservation:ana@example.com:2026-12-24']);
  });

  it('are taken nowhere else in the server', () => {
    const root = join(import.meta.dirname, '../../..');
    const files = (readdirSync(join(root, 'server'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => join(root, 'server', file));
    const dateKey = /pg_advisory(?:_xact)?_lock\(hashtext\(\$\{`(?:waitlist|reservation|floor|covers-pacing):/;
    const takers = files.filter((file) => dateKey.test(readFileSync(file, 'utf8'))).map((file) => relative(root, file));
    expect(takers).toEqual([]);
  });
});
