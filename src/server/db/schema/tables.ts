// The floor: tables and which reservation holds which.
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TABLE_SHAPES } from '@shared/limits.ts';
import { createdAt, oneOf } from './columns.ts';
import { reservations } from './reservations.ts';

export const tables = pgTable(
  'tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tableNumber: integer('table_number').notNull(),
    name: text('name').notNull(),
    seats: integer('seats').notNull().default(4),
    positionX: doublePrecision('position_x').notNull(),
    positionY: doublePrecision('position_y').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    shape: text('shape', { enum: TABLE_SHAPES }).notNull().default('square'),
    rotation: integer('rotation').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tables_number_key').on(t.tableNumber),
    check('tables_seats', sql`${t.seats} between 1 and 8`),
    check('tables_shape', oneOf('shape', TABLE_SHAPES)),
    check('tables_rotation', sql`${t.rotation} between 0 and 360`),
    check('tables_name', sql`char_length(btrim(${t.name})) > 0`),
  ],
);

/** A reservation seated at one or more tables (issue 7); overlapping seatings are refused by the service. */
export const reservationTables = pgTable(
  'reservation_tables',
  {
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    tableId: uuid('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reservationId, t.tableId] }), index('reservation_tables_table_idx').on(t.tableId)],
);
