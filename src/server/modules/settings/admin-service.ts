import { and, asc, eq, gte } from 'drizzle-orm';
import { mondayExceptionsMessages, operatingHoursMessages, settingsMessages } from '@shared/staff-messages/settings.ts';
import { madridToday, timeToMinutes } from '@shared/rules/madrid-time.ts';
import { EMBED_SCRIPT_PATH } from '@shared/routes.ts';
import { GOOGLE_ORIGIN } from '@shared/routes.ts';
import type {
  AdminSettings,
  EmbedInfo,
  MondayException,
  NotificationSettings,
  OperatingHours,
  OperatingHoursPatch,
  SettingsFields,
  TimeBlock,
} from '@shared/schemas/settings.ts';
import { mondayExceptions, notificationSettings, operatingHours, restaurantConfig, timeBlocks } from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { isOwnerOnlySetting } from '@shared/rules/permissions.ts';
import { recordSensitiveChange, type SensitiveActor } from '../security/service.ts';
import { getNotificationSettings, getRestaurantConfig } from './service.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';

const sv = settingsMessages.validation;
const fieldError = (field: string, message: string) => new AppError(400, 'validation_failed', message, { [field]: message });

export async function adminSettings({ db }: ServiceDeps): Promise<AdminSettings> {
  const config = await getRestaurantConfig(db);
  const { id: _id, onesignalAppId: _unused, updatedAt, setupSkippedSteps: _steps, setupChecklistHidden: _hidden, embedOrigins: _embed, ...fields } = config;
  return { ...fields, updatedAt: updatedAt.toISOString() };
}

/**
 * The booking widget's addresses (decision 028): PUBLIC_URL's, which is right behind a proxy, not the Host's; and the
 * sites that may show it (decision 069).
 */
export function embedInfo(publicUrl: URL, inForce: { origins: string[]; fromServer: boolean }): EmbedInfo {
  return {
    bookingUrl: new URL(`/?utm_source=${GOOGLE_ORIGIN}`, publicUrl).toString(),
    scriptUrl: new URL(EMBED_SCRIPT_PATH, publicUrl).toString(),
    embedOrigins: inForce.origins,
    embedOriginsFromServer: inForce.fromServer,
  };
}

/**
 * Saves any subset of fields; rules that span two fields are checked against the merged result. A change to an
 * owner-only field (where mail goes, the legal details, retention) is a line in Seguridad (issue 41).
 */
export async function updateSettings(deps: ServiceDeps, patch: Partial<SettingsFields>, actor: SensitiveActor): Promise<AdminSettings> {
  await deps.db.transaction(async (tx) => {
    // Locked, so two concurrent PATCHes (one moving the opening, one the closing) are checked one after the other.
    const current = await getRestaurantConfig(tx, { forUpdate: true });
    // The spec's 'duración' select sets the default for every party size; each can then be changed (issue 21).
    const changes =
      patch.reservationDurationMinutes !== undefined && !hasTurnTimes(patch)
        ? { ...patch, ...turnTimesAll(patch.reservationDurationMinutes) }
        : patch;
    const merged = { ...current, ...changes };
    if (timeToMinutes(merged.openingTime) >= timeToMinutes(merged.closingTime)) {
      throw fieldError('openingTime' in patch ? 'openingTime' : 'closingTime', sv.openBeforeClose);
    }
    await tx.update(restaurantConfig).set({ ...changes, updatedAt: deps.clock.now() }).where(eq(restaurantConfig.id, 1));
    await recordChange(tx, { table: 'restaurant_config', action: 'update', id: '1' });
    const sensitive = Object.entries(changes).filter(([field, value]) => isOwnerOnlySetting(field) && current[field] !== value);
    if (sensitive.length > 0) {
      await recordSensitiveChange(tx, { at: deps.clock.now(), actor, action: 'settings_changed', fields: sensitive.map(([field]) => field) });
    }
  });
  return adminSettings(deps);
}

const TURN_FIELDS = ['turnMinutesUpTo2', 'turnMinutesUpTo4', 'turnMinutesUpTo6', 'turnMinutesMore'] as const;
const hasTurnTimes = (patch: Partial<SettingsFields>) => TURN_FIELDS.some((field) => patch[field] !== undefined);
const turnTimesAll = (minutes: number) => Object.fromEntries(TURN_FIELDS.map((field) => [field, minutes]));

export async function adminNotificationSettings({ db }: ServiceDeps): Promise<NotificationSettings> {
  const { pushNotificationsEnabled, emailNotificationsEnabled, reminderNotificationsEnabled, newRequestEmailMode } =
    await getNotificationSettings(db);
  return { pushNotificationsEnabled, emailNotificationsEnabled, reminderNotificationsEnabled, newRequestEmailMode };
}

export async function updateNotificationSettings(deps: ServiceDeps, patch: Partial<NotificationSettings>) {
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(notificationSettings)
      .values({ id: 1, ...patch, updatedAt: deps.clock.now() })
      .onConflictDoUpdate({ target: notificationSettings.id, set: { ...patch, updatedAt: deps.clock.now() } });
    await recordChange(tx, { table: 'notification_settings', action: 'update', id: '1' });
  });
  return adminNotificationSettings(deps);
}

export async function listOperatingHours({ db }: ServiceDeps): Promise<OperatingHours[]> {
  return db.select().from(operatingHours).orderBy(asc(operatingHours.dayOfWeek)).then((rows) =>
    rows.map(({ updatedAt: _updatedAt, ...row }) => row),
  );
}

/** Monday stays closed by policy; hours must be ordered, and a break both-ended and inside them. */
function checkHours(dayOfWeek: number, hours: Omit<OperatingHours, 'id' | 'dayOfWeek'>): void {
  const hv = operatingHoursMessages;
  if (dayOfWeek === 1 && hours.isOpen) throw fieldError('isOpen', hv.mondayAlwaysClosed);
  const open = timeToMinutes(hours.openTime);
  const close = timeToMinutes(hours.closeTime);
  if (open >= close) throw fieldError('closeTime', sv.openBeforeClose);
  if ((hours.breakStartTime === null) !== (hours.breakEndTime === null)) throw fieldError('breakEndTime', sv.breakBothEnds);
  if (hours.breakStartTime && hours.breakEndTime) {
    const start = timeToMinutes(hours.breakStartTime);
    const end = timeToMinutes(hours.breakEndTime);
    if (start < open || end > close || start >= end) throw fieldError('breakStartTime', sv.breakInsideHours);
  }
}

export async function updateOperatingHours(
  deps: ServiceDeps,
  dayOfWeek: number,
  patch: OperatingHoursPatch,
): Promise<OperatingHours> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(operatingHours).where(eq(operatingHours.dayOfWeek, dayOfWeek)).for('update');
    if (!current) throw notFound();
    const merged = { ...current, ...patch };
    checkHours(dayOfWeek, merged);
    const [row] = await tx
      .update(operatingHours)
      .set({ ...patch, updatedAt: deps.clock.now() })
      .where(eq(operatingHours.dayOfWeek, dayOfWeek))
      .returning();
    await recordChange(tx, { table: 'operating_hours', action: 'update', id: row!.id });
    const { updatedAt: _updatedAt, ...hours } = row!;
    return hours;
  });
}

export async function upcomingMondayExceptions({ db, clock }: ServiceDeps): Promise<MondayException[]> {
  return db
    .select({ id: mondayExceptions.id, date: mondayExceptions.exceptionDate, reason: mondayExceptions.reason })
    .from(mondayExceptions)
    .where(and(eq(mondayExceptions.isOpen, true), gte(mondayExceptions.exceptionDate, madridToday(clock.now()))))
    .orderBy(asc(mondayExceptions.exceptionDate));
}

export async function openMonday(
  { db, clock }: ServiceDeps,
  input: { date: string; reason?: string | undefined },
): Promise<MondayException> {
  if (input.date < madridToday(clock.now())) throw fieldError('date', mondayExceptionsMessages.datePast);
  return db.transaction(async (tx) => {
    const reason = input.reason || mondayExceptionsMessages.defaultReason;
    const [row] = await tx
      .insert(mondayExceptions)
      .values({ exceptionDate: input.date, isOpen: true, reason })
      .onConflictDoUpdate({ target: mondayExceptions.exceptionDate, set: { isOpen: true, reason } })
      .returning({ id: mondayExceptions.id, date: mondayExceptions.exceptionDate, reason: mondayExceptions.reason });
    await recordChange(tx, { table: 'monday_exceptions', action: 'insert', id: row!.id });
    return row!;
  });
}

/** The date a Monday exception opens; 404 for an unknown id. */
export async function mondayExceptionDate({ db }: ServiceDeps, id: string): Promise<string> {
  const [row] = await db.select({ date: mondayExceptions.exceptionDate }).from(mondayExceptions).where(eq(mondayExceptions.id, id));
  if (!row) throw notFound();
  return row.date;
}

export async function deleteMondayException({ db }: ServiceDeps, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.delete(mondayExceptions).where(eq(mondayExceptions.id, id)).returning({ id: mondayExceptions.id });
    if (!rows[0]) throw notFound();
    await recordChange(tx, { table: 'monday_exceptions', action: 'delete', id });
  });
}

export async function listTimeBlocks({ db }: ServiceDeps): Promise<TimeBlock[]> {
  return db
    .select({
      id: timeBlocks.id,
      date: timeBlocks.date,
      startTime: timeBlocks.startTime,
      endTime: timeBlocks.endTime,
      reason: timeBlocks.reason,
    })
    .from(timeBlocks)
    .orderBy(asc(timeBlocks.date), asc(timeBlocks.startTime));
}

export async function addTimeBlock(
  { db }: ServiceDeps,
  input: { date: string; startTime: string; endTime: string; reason?: string | undefined },
): Promise<TimeBlock> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(timeBlocks)
      .values({ ...input, reason: input.reason || null, isBlocked: true })
      .returning({
        id: timeBlocks.id,
        date: timeBlocks.date,
        startTime: timeBlocks.startTime,
        endTime: timeBlocks.endTime,
        reason: timeBlocks.reason,
      });
    await recordChange(tx, { table: 'time_blocks', action: 'insert', id: row!.id });
    return row!;
  });
}

export async function deleteTimeBlock({ db }: ServiceDeps, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.delete(timeBlocks).where(eq(timeBlocks.id, id)).returning({ id: timeBlocks.id });
    if (!rows[0]) throw notFound();
    await recordChange(tx, { table: 'time_blocks', action: 'delete', id });
  });
}
