import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, tableRow } from '../../src/server/db/rows.ts';
import { notificationSettings, operatingHours, reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// Off useApiSuite: no app, only a database (db/rows.ts is read against Drizzle's builder directly).
// db/rows.ts#tableRow reads a whole row of a hand-written select (the day context, a request's standing): it must
// give exactly what Drizzle's select builder gives for the same row, on PGlite and on PostgreSQL.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.destroy());

describe('tableRow', () => {
  it('reads the settings rows as the select builder does, column for column', async () => {
    const { db } = database.handle;
    for (const [table, where] of [
      [restaurantConfig, sql`${restaurantConfig.id} = 1`],
      [notificationSettings, sql`${notificationSettings.id} = 1`],
      [operatingHours, sql`${operatingHours.dayOfWeek} = 5`],
    ] as const) {
      const row = tableRow(table, 'x');
      const [read] = await rowsOf<Record<string, unknown>>(db, sql`select ${row.selectList} from ${table} where ${where}`);
      const [built] = await db.select().from(table).where(where);
      expect(built).toBeDefined();
      expect(row.read(read!)).toEqual(built);
    }
  });

  it('reads a booking with its times, dates and nulls as the select builder does', async () => {
    const { db } = database.handle;
    const [inserted] = await db
      .insert(reservations)
      .values({ customerName: 'Ana Ruiz', customerEmail: 'ana@example.com', customerPhone: '+34600111222', numberOfPeople: 4, reservationDate: '2026-12-04', reservationTime: '21:30' })
      .returning();
    const row = tableRow(reservations, 'r');
    const [read] = await rowsOf<Record<string, unknown>>(db, sql`select ${row.selectList} from ${reservations} where ${reservations.id} = ${inserted!.id}`);
    const [built] = await db.select().from(reservations).where(eq(reservations.id, inserted!.id));
    const decoded = row.read(read!);
    expect(decoded).toEqual(built);
    expect(decoded).toMatchObject({ reservationTime: '21:30', reservationDate: '2026-12-04', adminNotes: null, guestId: null, numberOfPeople: 4 });
    expect(decoded!.createdAt).toBeInstanceOf(Date);
  });

  it('gives null for a left join that found nothing, as the builder does', async () => {
    const row = tableRow(operatingHours, 'h');
    const [read] = await rowsOf<Record<string, unknown>>(
      database.handle.db,
      sql`select ${row.selectList} from (values (1)) as one(x) left join ${operatingHours} on ${operatingHours.dayOfWeek} = 9`,
    );
    expect(row.read(read!)).toBeNull();
  });
});
