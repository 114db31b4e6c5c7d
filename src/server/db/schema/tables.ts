// The floor: tables and which reservation holds which.
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TABLE_SHAPES } from '@shared/limits.ts';
import { createdAt, oneOf } from './columns.ts';
import { reservations } from './reservations.ts';

/** Areas of the floor (issue 21): 'Sala', 'Terraza', 'Barra' by default; a zone may be kept off the online form. */
export const zones = pgTable(
  'zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    onlineBookable: boolean('online_bookable').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('zones_name_key').on(t.name), check('zones_name', sql`char_length(btrim(${t.name})) > 0`)],
);

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
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'restrict' }),
    /** The smallest party the table is offered to; `seats` is the largest. */
    minParty: integer('min_party').notNull().default(1),
    /** 'Solo sin reserva': never booked ahead. */
    walkInOnly: boolean('walk_in_only').notNull().default(false),
  },
  (t) => [
    check('tables_min_party', sql`${t.minParty} between 1 and ${t.seats}`),
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

/** Tables staff join for larger parties (issue 21), e.g. Mesa 1 + Mesa 2 seat 3-6. */
export const tableCombinations = pgTable(
  'table_combinations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    minParty: integer('min_party').notNull(),
    maxParty: integer('max_party').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('table_combinations_party', sql`${t.minParty} >= 1 and ${t.minParty} <= ${t.maxParty}`)],
);

export const tableCombinationTables = pgTable(
  'table_combination_tables',
  {
    combinationId: uuid('combination_id')
      .notNull()
      .references(() => tableCombinations.id, { onDelete: 'cascade' }),
    tableId: uuid('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.combinationId, t.tableId] }), index('table_combination_tables_table_idx').on(t.tableId)],
);
