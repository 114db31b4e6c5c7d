// 'Mis dispositivos' (issue 44, item 4): the open sessions of an account, and ending them. A member ends their own
// other sessions; the owner ends any member's. Ending one deletes its row: its next request is signed out on every
// instance, and its live stream ends at the next heartbeat (15 s, platform/events.ts).
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { formatMessage } from '@shared/messages.ts';
import type { DeviceSession } from '@shared/schemas/devices.ts';
import { devicesMessages as text } from '@shared/staff-messages/devices.ts';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/sessions.ts';
import { recordSensitiveChange, type SensitiveActor } from '../security/service.ts';
import { deviceOf } from './device-name.ts';
import type { PlaceOf } from './places.ts';

export { deviceOf } from './device-name.ts';
export { openPlaces, type PlaceOf } from './places.ts';

export interface DevicesDeps {
  db: Database;
  clock: Clock;
  placeOf: PlaceOf;
}

const sessionGone = () => new AppError(404, 'session_not_found', text.notFound);

/** The account's live sessions, the most recently used first; `current` marks the one asking. */
export async function listSessions(deps: DevicesDeps, userId: string, currentHash: string | null): Promise<DeviceSession[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.idleExpiresAt, now), gt(sessions.absoluteExpiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    id: row.publicId,
    ...deviceOf(row.userAgent),
    place: deps.placeOf(row.ipAddress),
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.idHash === currentHash,
  }));
}

/** 'Chrome en Android', for Seguridad's line. */
function deviceLabel(userAgent: string | null): string {
  const { browser, system } = deviceOf(userAgent);
  return formatMessage(text.deviceName, { browser: browser ?? text.unknownBrowser, system: system ?? text.unknownSystem });
}

/**
 * Ends one session of an account. The member's own current session is not ended here ('Cerrar sesión' in the header
 * does it); the owner ending a member's session is recorded in Seguridad with whose it was.
 */
export async function endSession(
  deps: DevicesDeps,
  input: { userId: string; sessionId: string; by: SessionUser; actor: SensitiveActor },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, input.userId), eq(sessions.publicId, input.sessionId), ne(sessions.idHash, input.by.sessionHash)))
      .returning({ userAgent: sessions.userAgent });
    if (!ended) {
      const [own] = await tx.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.publicId, input.sessionId));
      throw own?.idHash === input.by.sessionHash ? new AppError(409, 'current_session', text.notThisOne) : sessionGone();
    }
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
    const whose = owner && owner.email !== input.by.email ? `${owner.email} · ` : '';
    await recordSensitiveChange(tx, { at: deps.clock.now(), actor: input.actor, action: 'session_ended', detail: `${whose}${deviceLabel(ended.userAgent)}` });
  });
}

/** 'Cerrar todas las demás': every session of the member but the one asking. Answers how many ended. */
export async function endOtherSessions(deps: DevicesDeps, by: SessionUser, actor: SensitiveActor): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, by.id), ne(sessions.idHash, by.sessionHash)))
      .returning({ idHash: sessions.idHash });
    if (ended.length > 0) {
      await recordSensitiveChange(tx, { at: deps.clock.now(), actor, action: 'other_sessions_ended', detail: String(ended.length) });
    }
    return ended.length;
  });
}
