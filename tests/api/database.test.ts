import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, zoneId } from '../support/factories.ts';
import { restaurantConfigDefaults } from '@shared/defaults.ts';
import type { Database } from '../../src/server/db/client.ts';
import {
  dailyReservationPauses,
  dateExceptions,
  mondayExceptions,
  notificationSettings,
  operatingHours,
  reservations,
  restaurantConfig,
  tables,
} from '../../src/server/db/schema.ts';
import { seedDatabase } from '../../src/server/db/seed.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  salaId = await zoneId(db);
});
afterAll(() => database.destroy());

const validReservation = {
  customerName: 'Ana García',
  customerPhone: '+34600111222',
  customerEmail: 'ana@example.com',
  numberOfPeople: 4,
  reservationDate: '2025-06-14',
  reservationTime: '20:30',
};

let nextTableNumber = 100;
let salaId = '';
const validTable = () => ({ tableNumber: nextTableNumber++, name: 'Mesa', positionX: 50, positionY: 50, zoneId: salaId });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Drizzle wraps driver errors; the constraint's name is in the PostgreSQL message of the cause. */
async function expectViolation(write: PromiseLike<unknown>, constraint: string): Promise<void> {
  let failure: unknown;
  try {
    await write;
  } catch (error) {
    failure = error;
  }
  expect(failure, `expected the write to violate ${constraint}`).toBeInstanceOf(Error);
  const chain: string[] = [];
  for (let error = failure as (Error & { cause?: unknown }) | undefined; error; error = error.cause as typeof error) {
    chain.push(error.message);
  }
  expect(chain.join('\n')).toContain(`"${constraint}"`);
}

describe('seed', () => {
  it('is idempotent: seeding an empty database twice writes each default once', async () => {
    await db.transaction(async (tx) => {
      await tx.delete(restaurantConfig);
      await tx.delete(notificationSettings);
      await tx.delete(operatingHours);
    });
    await seedDatabase(db);
    await seedDatabase(db);

    const config = await db.select().from(restaurantConfig);
    expect(config).toHaveLength(1);
    expect(config[0]).toMatchObject({ id: 1, ...restaurantConfigDefaults });
    expect(await db.select().from(notificationSettings)).toHaveLength(1);

    const hours = await db.select().from(operatingHours).orderBy(asc(operatingHours.dayOfWeek));
    expect(hours.map((day) => day.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const day of hours) {
      expect(day).toMatchObject({
        isOpen: day.dayOfWeek !== 1,
        openTime: '13:00',
        closeTime: '18:00',
        breakStartTime: null,
        breakEndTime: null,
      });
    }
  });

  it("keeps the owner's edits when it runs again", async () => {
    await configure(db, { name: 'Casa Pepe', reservationDurationMinutes: 60 });
    await db.update(operatingHours).set({ isOpen: false }).where(eq(operatingHours.dayOfWeek, 2));
    await db.update(notificationSettings).set({ pushNotificationsEnabled: true }).where(eq(notificationSettings.id, 1));

    await seedDatabase(db);

    const [config] = await db.select().from(restaurantConfig);
    expect(config).toMatchObject({ name: 'Casa Pepe', reservationDurationMinutes: 60 });
    const [tuesday] = await db.select().from(operatingHours).where(eq(operatingHours.dayOfWeek, 2));
    expect(tuesday!.isOpen).toBe(false);
    const [notifications] = await db.select().from(notificationSettings);
    expect(notifications!.pushNotificationsEnabled).toBe(true);
    expect(await db.select().from(operatingHours)).toHaveLength(7);
  });
});

describe('column types', () => {
  it(`reads dates as 'yyyy-MM-dd', times as 'HH:mm' and instants as Date (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    // The night Madrid moves its clocks forward: a date column must not shift with any time zone.
    const createdAt = new Date('2025-03-30T00:30:00.123Z');
    const [inserted] = await db
      .insert(reservations)
      .values({ ...validReservation, reservationDate: '2025-03-30', reservationTime: '13:30', createdAt })
      .returning();
    const [read] = await db.select().from(reservations).where(eq(reservations.id, inserted!.id));

    for (const row of [inserted!, read!]) {
      expect(row.reservationDate).toBe('2025-03-30');
      expect(row.reservationTime).toBe('13:30');
      expect(row.createdAt).toBeInstanceOf(Date);
      expect(row.createdAt.getTime()).toBe(createdAt.getTime());
      expect(row.updatedAt).toBeInstanceOf(Date);
    }
    // The database stores a real date and time(0), not text.
    const [stored] = await rows<{ date_type: string; time_type: string; time_text: string }>(sql`
      select pg_typeof(reservation_date)::text as date_type, pg_typeof(reservation_time)::text as time_type,
        reservation_time::text as time_text
      from reservations where id = ${inserted!.id}`);
    expect(stored).toEqual({ date_type: 'date', time_type: 'time without time zone', time_text: '13:30:00' });
  });
});

describe('check constraints', () => {
  it('accept a valid row at every boundary', async () => {
    await db.insert(reservations).values([
      { ...validReservation, numberOfPeople: 1 },
      { ...validReservation, numberOfPeople: 30, customerEmail: null },
    ]);
    await db.insert(tables).values([
      { ...validTable(), seats: 1, rotation: 0, shape: 'circle' },
      { ...validTable(), seats: 8, rotation: 360, shape: 'square' },
    ]);
    await db.insert(mondayExceptions).values({ exceptionDate: '2025-06-16' });
    await db.insert(dailyReservationPauses).values({ pauseDate: '2025-06-18', startTime: '14:00', endTime: '15:00' });
    await db.insert(dateExceptions).values([
      { exceptionDate: '2025-08-15', isClosed: true },
      // Only closed rows are unique per date.
      { exceptionDate: '2025-08-15', isClosed: false },
    ]);
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from date_exceptions where exception_date = '2025-08-15'`);
    expect(count!.n).toBe(2);
  });

  const cases: Array<[string, string, () => PromiseLike<unknown>]> = [
    ['a reservation status outside the list', 'reservations_status', () =>
      db.insert(reservations).values({ ...validReservation, status: 'bogus' as never })],
    ['an arrival status outside the list', 'reservations_arrival_status', () =>
      db.insert(reservations).values({ ...validReservation, arrivalStatus: 'x' as never })],
    ['a party of 0', 'reservations_people', () => db.insert(reservations).values({ ...validReservation, numberOfPeople: 0 })],
    ['a party of 31', 'reservations_people', () => db.insert(reservations).values({ ...validReservation, numberOfPeople: 31 })],
    ['an upper-case customer email', 'reservations_email_lower', () =>
      db.insert(reservations).values({ ...validReservation, customerEmail: 'Ana@Example.com' })],
    ['a table of 9 seats', 'tables_seats', () => db.insert(tables).values({ ...validTable(), seats: 9 })],
    ['a table rotated 400 degrees', 'tables_rotation', () => db.insert(tables).values({ ...validTable(), rotation: 400 })],
    ['a triangular table', 'tables_shape', () => db.insert(tables).values({ ...validTable(), shape: 'triangle' as never })],
    ['opening Mondays in the weekly hours', 'operating_hours_monday_closed', () =>
      db.update(operatingHours).set({ isOpen: true }).where(eq(operatingHours.dayOfWeek, 1))],
    ['a Monday exception on a Tuesday', 'monday_exceptions_is_monday', () =>
      db.insert(mondayExceptions).values({ exceptionDate: '2025-06-17' })],
    ['a second restaurant_config row', 'restaurant_config_singleton', () =>
      db.insert(restaurantConfig).values({ ...restaurantConfigDefaults, id: 2 })],
    ['a daily pause that ends before it starts', 'daily_reservation_pauses_window', () =>
      db.insert(dailyReservationPauses).values({ pauseDate: '2025-06-19', startTime: '15:00', endTime: '14:00' })],
    ['a second closed date exception for the same date', 'date_exceptions_closed_date_key', () =>
      db.insert(dateExceptions).values({ exceptionDate: '2025-08-15', isClosed: true })],
  ];

  it.each(cases)('reject %s (%s)', async (_what, constraint, write) => {
    await expectViolation(write(), constraint);
  });

  it('left the rejected writes out', async () => {
    const [monday] = await db.select().from(operatingHours).where(eq(operatingHours.dayOfWeek, 1));
    expect(monday!.isOpen).toBe(false);
    expect(await db.select().from(restaurantConfig)).toHaveLength(1);
    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from reservations
      where status = 'bogus' or arrival_status = 'x' or number_of_people not between 1 and 30
        or customer_email <> lower(customer_email)`);
    expect(bad!.n).toBe(0);
  });
});

describe('indexes', () => {
  it('has the pg_trgm extension and the trigram index for name search', async () => {
    const extensions = await rows<{ extname: string }>(sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect(extensions).toHaveLength(1);
    const indexes = await rows<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where tablename = 'reservations' and indexname = 'reservations_name_trgm_idx'`,
    );
    expect(indexes).toHaveLength(1);
    expect(indexes[0]!.indexdef).toMatch(/USING gin \(customer_name gin_trgm_ops\)/);
    // The operator class works: similarity() is only there with the extension.
    const [similar] = await rows<{ score: number }>(sql`select similarity('García', 'Garcia')::float8 as score`);
    expect(similar!.score).toBeGreaterThan(0);
  });
});
