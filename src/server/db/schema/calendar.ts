// When the restaurant takes bookings: hours, closed days, opened Mondays, blocked times and pauses.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, day, hhmm, instant } from './columns.ts';

export const dateExceptions = pgTable(
  'date_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exceptionDate: day('exception_date').notNull(),
    isClosed: boolean('is_closed').notNull().default(true),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  // At most one closed row per date: blocking a day replaces the previous one.
  (t) => [uniqueIndex('date_exceptions_closed_date_key').on(t.exceptionDate).where(sql`is_closed`)],
);

export const mondayExceptions = pgTable(
  'monday_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exceptionDate: day('exception_date').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    reason: text('reason').default('Habilitado manualmente'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('monday_exceptions_date_key').on(t.exceptionDate),
    check('monday_exceptions_is_monday', sql`extract(isodow from ${t.exceptionDate}) = 1`),
  ],
);

export const operatingHours = pgTable(
  'operating_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dayOfWeek: integer('day_of_week').notNull(),
    isOpen: boolean('is_open').notNull(),
    openTime: hhmm('open_time').notNull(),
    closeTime: hhmm('close_time').notNull(),
    breakStartTime: hhmm('break_start_time'),
    breakEndTime: hhmm('break_end_time'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operating_hours_day_key').on(t.dayOfWeek),
    check('operating_hours_day', sql`${t.dayOfWeek} between 0 and 6`),
    // Mondays are closed by policy; only a monday_exceptions row opens one.
    check('operating_hours_monday_closed', sql`${t.dayOfWeek} <> 1 or not ${t.isOpen}`),
    check('operating_hours_open_before_close', sql`${t.openTime} < ${t.closeTime}`),
    check(
      'operating_hours_break',
      sql`(${t.breakStartTime} is null) = (${t.breakEndTime} is null) and (${t.breakStartTime} is null or ${t.breakStartTime} < ${t.breakEndTime})`,
    ),
  ],
);

export const dailyReservationPauses = pgTable(
  'daily_reservation_pauses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pauseDate: day('pause_date').notNull(),
    startTime: hhmm('start_time').notNull(),
    endTime: hhmm('end_time').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('daily_reservation_pauses_date_key').on(t.pauseDate),
    check('daily_reservation_pauses_window', sql`${t.startTime} < ${t.endTime}`),
  ],
);

export const timeBlocks = pgTable(
  'time_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    date: day('date').notNull(),
    startTime: hhmm('start_time').notNull(),
    endTime: hhmm('end_time').notNull(),
    reason: text('reason'),
    isBlocked: boolean('is_blocked').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_blocks_date_idx').on(t.date),
    check('time_blocks_window', sql`${t.startTime} < ${t.endTime}`),
  ],
);
