// Column types and helpers every table file uses.
import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, type PgColumn, text, timestamp } from 'drizzle-orm/pg-core';
import { type Language, LANGUAGES } from '@shared/i18n/languages.ts';

/** A wall-clock time stored as PostgreSQL `time(0)` and exchanged as 'HH:mm'. */
export const hhmm = customType<{ data: string; driverData: string }>({
  dataType: () => 'time(0)',
  fromDriver: (value) => value.slice(0, 5),
  toDriver: (value) => value,
});

/** Binary data: node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
export const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

export const day = (name: string) => date(name, { mode: 'string' });
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => instant('created_at').notNull().defaultNow();

/** A check that a text column holds one of the values. */
export const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/** A guest's language (issue 26): 'es' for everything before languages, and for staff's own bookings. */
export const guestLanguage = () => text('language').$type<Language>().notNull().default('es');
export const guestLanguageCheck = (table: string) => check(`${table}_language`, oneOf('language', LANGUAGES));

/** The delivery state of an outbox row (decision 003): tries, the next one, a worker's lease, the outcome. */
export const deliveryColumns = () => ({
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
  /** A worker's lease on the row while it delivers; expired leases are picked up again. */
  lockedUntil: instant('locked_until'),
  /** The worker holding the lease: restarted, it takes back at once what it held when it died. */
  lockedBy: text('locked_by'),
  sentAt: instant('sent_at'),
  failedAt: instant('failed_at'),
  lastError: text('last_error'),
  createdAt: createdAt(),
});

/** The rows a delivery worker still has to try. */
export const dueIndex = (name: string, nextAttemptAt: PgColumn) =>
  index(name).on(nextAttemptAt).where(sql`sent_at is null and failed_at is null`);
