import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { guestText } from '@shared/i18n/text-keys.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { dayOfWeek, madridNowTime, madridToday } from '@shared/rules/madrid-time.ts';
import { adminSlots, isTimeInWindow } from '@shared/rules/slots.ts';
import { coversInSlot } from '@shared/rules/pacing.ts';
import type { ManualTime } from '@shared/schemas/staff-reservation.ts';
import { dayClosures } from '@shared/rules/availability.ts';
import type { BlockedDay, PauseInput, TodayClosures, TodayPause } from '@shared/schemas/closures.ts';
import { dailyReservationPauses, dateExceptions } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { MissingConfigError } from '../settings/service.ts';
import { activePauseOf, dayContext } from './queries.ts';
import { staffClosureCheck } from './service.ts';
import { coversHeldOn } from '../capacity/service.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';

/** Every reason today (Madrid) takes no bookings, for the Reservas tab's banners (issue 19). */
export async function todaysClosures({ db, clock }: ServiceDeps): Promise<TodayClosures> {
  const date = madridToday(clock.now());
  const context = await dayContext(db, date, dayOfWeek(date));
  if (!context) throw new MissingConfigError();
  const { config, hours, closedDay, mondayOpened } = context;
  return { date, closures: dayClosures({ date, reservationsPaused: config.reservationsPaused, closedDay, mondayOpened, hours }) };
}

export async function todaysPause({ db, clock }: ServiceDeps): Promise<TodayPause> {
  const now = clock.now();
  const pauseDate = madridToday(now);
  const pause = await activePauseOf(db, pauseDate);
  return {
    pause: pause ? { pauseDate, ...pause } : null,
    pausedNow: pause ? isTimeInWindow(madridNowTime(now), pause.startTime, pause.endTime) : false,
  };
}

/** Creating or changing today's pause makes it active (one row per date). */
export async function pauseToday(deps: ServiceDeps, input: PauseInput): Promise<TodayPause> {
  const pauseDate = madridToday(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dailyReservationPauses)
      .values({ pauseDate, startTime: input.startTime, endTime: input.endTime, isActive: true })
      .onConflictDoUpdate({
        target: dailyReservationPauses.pauseDate,
        set: { startTime: input.startTime, endTime: input.endTime, isActive: true, updatedAt: deps.clock.now() },
      })
      .returning({ id: dailyReservationPauses.id });
    await recordChange(tx, { table: 'daily_reservation_pauses', action: 'update', id: row!.id });
  });
  return todaysPause(deps);
}

/** Resuming keeps the row, inactive, as the record of the pause. */
export async function resumeToday({ db, clock }: ServiceDeps): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(dailyReservationPauses)
      .set({ isActive: false, updatedAt: clock.now() })
      .where(eq(dailyReservationPauses.pauseDate, madridToday(clock.now())))
      .returning({ id: dailyReservationPauses.id });
    if (rows[0]) await recordChange(tx, { table: 'daily_reservation_pauses', action: 'update', id: rows[0].id });
  });
}

export async function upcomingBlockedDays({ db, clock }: ServiceDeps): Promise<BlockedDay[]> {
  const rows = await db
    .select({ id: dateExceptions.id, date: dateExceptions.exceptionDate, reason: dateExceptions.reason })
    .from(dateExceptions)
    .where(and(eq(dateExceptions.isClosed, true), gte(dateExceptions.exceptionDate, madridToday(clock.now()))))
    .orderBy(asc(dateExceptions.exceptionDate));
  return rows;
}

/** Blocking replaces any earlier block of the same date. */
export async function blockDay(
  { db, clock }: ServiceDeps,
  input: { date: string; reason?: string | undefined },
): Promise<BlockedDay> {
  if (input.date < madridToday(clock.now())) {
    throw new AppError(400, 'validation_failed', guestText('reservation.validation.datePast'), {
      date: guestText('reservation.validation.datePast'),
    });
  }
  return db.transaction(async (tx) => {
    // Two blocks of one date at once (a double submit, two staff) would otherwise both find nothing to delete
    // and the second insert would break the one-closed-row-per-date index: a 500 instead of a replacement.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`blocked-day:${input.date}`}))`);
    await tx.delete(dateExceptions).where(and(eq(dateExceptions.exceptionDate, input.date), eq(dateExceptions.isClosed, true)));
    const [row] = await tx
      .insert(dateExceptions)
      .values({ exceptionDate: input.date, isClosed: true, reason: input.reason || staffMessages.admin.blockDay.defaultReason })
      .returning({ id: dateExceptions.id, date: dateExceptions.exceptionDate, reason: dateExceptions.reason });
    await recordChange(tx, { table: 'date_exceptions', action: 'insert', id: row!.id });
    return row!;
  });
}

export async function unblockDay({ db }: ServiceDeps, date: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .delete(dateExceptions)
      .where(and(eq(dateExceptions.exceptionDate, date), eq(dateExceptions.isClosed, true)))
      .returning({ id: dateExceptions.id });
    if (rows[0]) await recordChange(tx, { table: 'date_exceptions', action: 'delete', id: rows[0].id });
  });
}

/**
 * The manual form's half hours on a date (issue 52, item 3): all of them stay selectable; each says whether the day's
 * hours leave it out ('Fuera de horario') and how many people are already booked to start then.
 */
export async function manualTimes({ db }: ServiceDeps, date: string): Promise<ManualTime[]> {
  const [closure, booked] = await Promise.all([staffClosureCheck(db, date, date), coversHeldOn(db, date)]);
  return adminSlots().map((time) => ({ time, outsideHours: closure(date, time) !== null, covers: coversInSlot(booked, time) }));
}
