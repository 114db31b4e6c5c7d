import { and, asc, between, eq, type SQL, sql } from 'drizzle-orm';
import type { DayHours } from '@shared/rules/availability.ts';
import type { Executor } from '../../db/client.ts';
import { jsonOf, rowsOf, tableRow } from '../../db/rows.ts';
import {
  dailyReservationPauses,
  dateExceptions,
  mondayExceptions,
  notificationSettings,
  operatingHours,
  restaurantConfig,
  timeBlocks,
} from '../../db/schema.ts';

const configRow = tableRow(restaurantConfig, 'c');
const notificationsRow = tableRow(notificationSettings, 'n');
const hoursRow = tableRow(operatingHours, 'h');

/**
 * Everything a date's availability and a booking read, in one statement: restaurant_config, the notification
 * switches, the weekday's hours, the Monday and closed-day exceptions, the time blocks and today's pause. A booking
 * is a short transaction; one round trip instead of seven is most of its reading time. `alsoLock`: a lock the
 * caller takes with this read (a request's guest lock), one round trip less; first in the list, so that the
 * statement's text in pg_stat_activity (its first 1,024 bytes) names the lock it waits for.
 */
export async function dayContext(db: Executor, date: string, weekday: number, alsoLock?: SQL) {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${alsoLock ? sql`${alsoLock} as "locked", ` : sql``}${configRow.selectList}, ${notificationsRow.selectList}, ${hoursRow.selectList},
      to_char(${dailyReservationPauses.startTime}, 'HH24:MI') as "pauseStart", to_char(${dailyReservationPauses.endTime}, 'HH24:MI') as "pauseEnd",
      exists (select 1 from ${mondayExceptions} where ${mondayExceptions.exceptionDate} = ${date} and ${mondayExceptions.isOpen}) as "mondayOpened",
      exists (select 1 from ${dateExceptions} where ${dateExceptions.exceptionDate} = ${date} and ${dateExceptions.isClosed}) as "closedDay",
      coalesce((
        select json_agg(json_build_object('startTime', to_char(${timeBlocks.startTime}, 'HH24:MI'), 'endTime', to_char(${timeBlocks.endTime}, 'HH24:MI')))
        from ${timeBlocks} where ${timeBlocks.date} = ${date} and ${timeBlocks.isBlocked}), '[]'::json) as "timeBlocks"
    from ${restaurantConfig}
    left join ${notificationSettings} on ${notificationSettings.id} = 1
    left join ${operatingHours} on ${operatingHours.dayOfWeek} = ${weekday}
    left join ${dailyReservationPauses} on ${dailyReservationPauses.pauseDate} = ${date} and ${dailyReservationPauses.isActive}
    where ${restaurantConfig.id} = 1
    limit 1`,
  );
  if (!row) return null;
  return {
    config: configRow.read(row)!,
    notifications: notificationsRow.read(row),
    hours: hoursRow.read(row),
    pauseStart: row.pauseStart as string | null,
    pauseEnd: row.pauseEnd as string | null,
    mondayOpened: row.mondayOpened === true,
    closedDay: row.closedDay === true,
    timeBlocks: jsonOf<Array<{ startTime: string; endTime: string }>>(row.timeBlocks),
  };
}

export async function activePauseOf(db: Executor, date: string) {
  const [row] = await db
    .select({ startTime: dailyReservationPauses.startTime, endTime: dailyReservationPauses.endTime })
    .from(dailyReservationPauses)
    .where(and(eq(dailyReservationPauses.pauseDate, date), eq(dailyReservationPauses.isActive, true)))
    .limit(1);
  return row ?? null;
}

const hhmmText = (column: unknown) => sql`to_char(${column}, 'HH24:MI')`;

/**
 * What decides whether staff find a date and time closed, for every date from `from` to `to`, in one statement:
 * the fallback hours, the seven weekdays' hours, the blocked dates and the opened Mondays.
 */
export async function closureCalendar(db: Executor, from: string, to: string) {
  const [row] = await db
    .select({
      openingTime: restaurantConfig.openingTime,
      closingTime: restaurantConfig.closingTime,
      hours: sql<Array<DayHours & { dayOfWeek: number }>>`coalesce((
        select json_agg(json_build_object('dayOfWeek', ${operatingHours.dayOfWeek}, 'isOpen', ${operatingHours.isOpen},
          'openTime', ${hhmmText(operatingHours.openTime)}, 'closeTime', ${hhmmText(operatingHours.closeTime)},
          'breakStartTime', ${hhmmText(operatingHours.breakStartTime)}, 'breakEndTime', ${hhmmText(operatingHours.breakEndTime)}))
        from ${operatingHours}), '[]'::json)`,
      closedDates: sql<string[]>`coalesce((
        select json_agg(to_char(${dateExceptions.exceptionDate}, 'YYYY-MM-DD')) from ${dateExceptions}
        where ${dateExceptions.isClosed} and ${dateExceptions.exceptionDate} between ${from} and ${to}), '[]'::json)`,
      openedMondays: sql<string[]>`coalesce((
        select json_agg(to_char(${mondayExceptions.exceptionDate}, 'YYYY-MM-DD')) from ${mondayExceptions}
        where ${mondayExceptions.isOpen} and ${mondayExceptions.exceptionDate} between ${from} and ${to}), '[]'::json)`,
    })
    .from(restaurantConfig)
    .where(eq(restaurantConfig.id, 1))
    .limit(1);
  return row ?? null;
}

export async function closedDatesBetween(db: Executor, from: string, to: string): Promise<string[]> {
  const rows = await db
    .select({ date: dateExceptions.exceptionDate })
    .from(dateExceptions)
    .where(and(eq(dateExceptions.isClosed, true), between(dateExceptions.exceptionDate, from, to)))
    .orderBy(asc(dateExceptions.exceptionDate));
  return rows.map((row) => row.date);
}

export async function openedMondaysBetween(db: Executor, from: string, to: string): Promise<string[]> {
  const rows = await db
    .select({ date: mondayExceptions.exceptionDate })
    .from(mondayExceptions)
    .where(and(eq(mondayExceptions.isOpen, true), between(mondayExceptions.exceptionDate, from, to)))
    .orderBy(asc(mondayExceptions.exceptionDate));
  return rows.map((row) => row.date);
}

/** The active time blocks of the dates from `from` to `to`, each naming its date. */
export function timeBlocksBetween(db: Executor, from: string, to: string) {
  return db
    .select({ date: timeBlocks.date, startTime: timeBlocks.startTime, endTime: timeBlocks.endTime })
    .from(timeBlocks)
    .where(and(between(timeBlocks.date, from, to), eq(timeBlocks.isBlocked, true)));
}
