// 'Equipo' (issue 20): the owner invites staff with a role, changes roles, deactivates and reactivates accounts.
// An invitation's link carries a token minted at delivery (decision 012), valid 7 days and single use; only its
// hash is kept. Every action leaves a line in team_events, which Seguridad shows.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, max, ne, sql } from 'drizzle-orm';
import { formatMessage } from '@shared/messages.ts';
import { effectiveRole, type StaffRole } from '@shared/rules/permissions.ts';
import { type InvitationInput, type Team, TEAM_EVENTS_SHOWN, type TeamEvent } from '@shared/schemas/team.ts';
import type { SessionUserView } from '@shared/schemas/auth.ts';
import { teamMessages } from '@shared/staff-messages/team.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import type { TEAM_ACTIONS} from '../../db/schema.ts';
import { loginAttempts, passwordResetTokens, sessions, staffInvitations, teamEvents, userRoles, users } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { recordChange } from '../../platform/events.ts';
import { enqueueEmail, newLinkPlaceholder } from '../../platform/outbox.ts';
import { createSession, type SessionContext } from '../../platform/sessions.ts';
import { hashPassword } from './passwords.ts';
import { secondFactorDue } from './second-factor-policy.ts';
import { hashToken } from './token-hash.ts';

const text = teamMessages;
const errors = text.errors;
const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

export interface TeamDeps {
  sessions: SessionContext;
  publicUrl: URL;
  restaurantName: () => Promise<string>;
}

/** The owner acting. */
export interface TeamActor {
  id: string;
  email: string;
  ipAddress: string | null;
}

async function logTeamEvent(
  tx: Executor,
  event: { at: Date; actor: TeamActor | null; action: (typeof TEAM_ACTIONS)[number]; targetEmail: string; role?: StaffRole | null; ipAddress?: string | null },
) {
  await tx.insert(teamEvents).values({
    at: event.at,
    actorEmail: event.actor?.email ?? null,
    ipAddress: event.ipAddress ?? event.actor?.ipAddress ?? null,
    action: event.action,
    targetEmail: event.targetEmail,
    role: event.role ?? null,
  });
  await recordChange(tx, { table: 'team_events', action: 'insert', id: null });
}

export async function listTeam({ sessions: { db, clock } }: TeamDeps): Promise<Team> {
  const lastSignIn = db
    .select({ email: loginAttempts.email, at: max(loginAttempts.attemptTime).as('at') })
    .from(loginAttempts)
    .where(eq(loginAttempts.success, true))
    .groupBy(loginAttempts.email)
    .as('last_sign_in');
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.displayName, deactivatedAt: users.deactivatedAt, role: userRoles.role, lastSignInAt: lastSignIn.at })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(lastSignIn, eq(lastSignIn.email, users.email))
    .orderBy(asc(users.email));
  const byId = new Map<string, Team['members'][number] & { roles: string[] }>();
  for (const row of rows) {
    const member = byId.get(row.id) ?? {
      id: row.id,
      email: row.email,
      name: row.name,
      role: null,
      roles: [],
      lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
      active: row.deactivatedAt === null,
    };
    if (row.role) member.roles.push(row.role);
    member.role = effectiveRole(member.roles);
    byId.set(row.id, member);
  }
  const invitations = await db
    .select({ id: staffInvitations.id, email: staffInvitations.email, name: staffInvitations.displayName, role: staffInvitations.role, expiresAt: staffInvitations.expiresAt })
    .from(staffInvitations)
    .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, clock.now())))
    .orderBy(asc(staffInvitations.email));
  return {
    members: [...byId.values()].map(({ roles: _roles, ...member }) => member),
    invitations: invitations.map((invitation) => ({ ...invitation, expiresAt: invitation.expiresAt.toISOString() })),
  };
}

async function queueInvitationEmail(
  tx: Transaction,
  { publicUrl, restaurant, now }: { publicUrl: URL; restaurant: string; now: Date },
  invitation: { id: string; email: string; role: StaffRole },
) {
  const placeholder = newLinkPlaceholder();
  const link = new URL('/auth/invitacion', publicUrl);
  // In the fragment: never sent to a server, so never in an access log or a Referer.
  link.hash = `token=${placeholder}`;
  await enqueueEmail(tx, {
    kind: 'staff_invitation',
    to: invitation.email,
    subject: formatMessage(text.invitationSubject, { restaurant }),
    text: [
      formatMessage(text.invitationIntro, { restaurant, role: text.roles[invitation.role] }),
      text.invitationLink,
      '',
      link.toString(),
      '',
      text.invitationIgnore,
    ].join('\n'),
    link: { kind: 'staff_invitation', invitationId: invitation.id, placeholder },
  }, now);
}

/** Invites an email with a role: refused for an existing account or an invitation already pending. */
export async function inviteStaff(deps: TeamDeps, actor: TeamActor, input: InvitationInput): Promise<Team['invitations'][number]> {
  const { db, clock } = deps.sessions;
  // Read before the transaction: the embedded database has one connection, which the transaction holds.
  const restaurant = await deps.restaurantName();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-invitation:${input.email}`}))`);
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (account) throw new AppError(409, 'account_exists', errors.accountExists, { email: errors.accountExists });
    const now = clock.now();
    // An open one that has expired is closed first: the email may be invited again.
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now, tokenHash: null })
      .where(and(eq(staffInvitations.email, input.email), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), sql`${staffInvitations.expiresAt} <= ${now}`));
    const [pending] = await tx
      .select({ id: staffInvitations.id })
      .from(staffInvitations)
      .where(and(eq(staffInvitations.email, input.email), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
    if (pending) throw new AppError(409, 'invitation_pending', errors.invitationPending, { email: errors.invitationPending });
    const [invitation] = await tx
      .insert(staffInvitations)
      .values({ email: input.email, displayName: input.name, role: input.role, invitedBy: actor.id, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) })
      .returning();
    await queueInvitationEmail(tx, { publicUrl: deps.publicUrl, restaurant, now }, invitation!);
    await logTeamEvent(tx, { at: now, actor, action: 'invited', targetEmail: input.email, role: input.role });
    const { id, email, displayName: name, role, expiresAt } = invitation!;
    return { id, email, name, role, expiresAt: expiresAt.toISOString() };
  });
}

async function lockOpenInvitation(tx: Transaction, id: string) {
  const [invitation] = await tx.select().from(staffInvitations).where(eq(staffInvitations.id, id)).for('update');
  if (!invitation) throw notFound(errors.invitationNotFound);
  if (invitation.acceptedAt || invitation.revokedAt) throw conflict('invitation_closed', errors.invitationClosed);
  return invitation;
}

/** A new email with a new link, valid 7 days from now; the old link stops working when the new one is minted. */
export async function resendInvitation(deps: TeamDeps, actor: TeamActor, id: string): Promise<void> {
  const { db, clock } = deps.sessions;
  const restaurant = await deps.restaurantName();
  await db.transaction(async (tx) => {
    const invitation = await lockOpenInvitation(tx, id);
    const now = clock.now();
    await tx
      .update(staffInvitations)
      .set({ tokenHash: null, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) })
      .where(eq(staffInvitations.id, id));
    await queueInvitationEmail(tx, { publicUrl: deps.publicUrl, restaurant, now }, invitation);
    await logTeamEvent(tx, { at: now, actor, action: 'invitation_resent', targetEmail: invitation.email, role: invitation.role });
  });
}

export async function revokeInvitation({ sessions: { db, clock } }: TeamDeps, actor: TeamActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const invitation = await lockOpenInvitation(tx, id);
    await tx.update(staffInvitations).set({ revokedAt: clock.now(), tokenHash: null }).where(eq(staffInvitations.id, id));
    await logTeamEvent(tx, { at: clock.now(), actor, action: 'invitation_revoked', targetEmail: invitation.email, role: invitation.role });
  });
}

/** At delivery: a token for the invitation's link while it is open, its hash replacing any earlier one; else null. */
export async function mintInvitationToken(db: Executor, invitationId: string, now: Date): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const updated = await db
    .update(staffInvitations)
    .set({ tokenHash: hashToken(token) })
    .where(
      and(
        eq(staffInvitations.id, invitationId),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .returning({ id: staffInvitations.id });
  return updated.length > 0 ? token : null;
}

const invitationInvalid = () => new AppError(410, 'invitation_invalid', errors.invitationInvalid);

async function openInvitationByToken(db: Executor, token: string, now: Date, forUpdate = false) {
  const query = db
    .select()
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(token)),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    );
  const [invitation] = forUpdate ? await query.for('update') : await query;
  return invitation ?? null;
}

/** Who a link invites, to greet them; 410 when it is expired, spent, revoked or unknown. */
export async function invitationForToken({ sessions: { db, clock } }: TeamDeps, token: string) {
  const invitation = await openInvitationByToken(db, token, clock.now());
  if (!invitation) throw invitationInvalid();
  return { email: invitation.email, role: invitation.role };
}

/** The invitee sets a password: the account is made with the role, the link spent, and the browser signed in. */
export async function acceptInvitation(
  deps: TeamDeps,
  input: { token: string; password: string },
  client: { ipAddress: string | null; userAgent: string | null },
): Promise<{ user: SessionUserView; sessionId: string }> {
  const passwordHash = await hashPassword(input.password);
  return deps.sessions.db.transaction(async (tx) => {
    const now = deps.sessions.clock.now();
    const invitation = await openInvitationByToken(tx, input.token, now, true);
    if (!invitation) throw invitationInvalid();
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
    if (account) throw new AppError(409, 'account_exists', errors.accountExists);
    const [user] = await tx.insert(users).values({ email: invitation.email, displayName: invitation.displayName, passwordHash, createdAt: now, updatedAt: now }).returning();
    await tx.insert(userRoles).values({ userId: user!.id, role: invitation.role });
    await tx.update(staffInvitations).set({ acceptedAt: now, tokenHash: null }).where(eq(staffInvitations.id, invitation.id));
    await logTeamEvent(tx, { at: now, actor: null, action: 'invitation_accepted', targetEmail: invitation.email, role: invitation.role, ipAddress: client.ipAddress });
    await tx.insert(loginAttempts).values({ email: invitation.email, success: true, attemptTime: now, ...client, reason: null });
    const due = await secondFactorDue(tx, user!.id, [invitation.role]);
    const sessionId = await createSession({ ...deps.sessions, db: tx }, { userId: user!.id, ...client, secondFactorDue: due });
    return { user: { id: user!.id, email: user!.email, isAdmin: invitation.role === 'admin', role: invitation.role, secondFactorDue: due }, sessionId };
  });
}

/** The member, locked, and whether the change would leave no active owner. */
async function lockMember(tx: Transaction, id: string) {
  // Every change to owners takes this lock first: two owners demoting each other at once leave one.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('team-owners'))`);
  const [member] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!member) throw notFound(errors.memberNotFound);
  const roles = (await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id))).map((row) => row.role);
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
    .where(and(ne(users.id, id), isNull(users.deactivatedAt)))
    .limit(1);
  const isActiveOwner = roles.includes('admin') && member.deactivatedAt === null;
  return { member, lastOwner: isActiveOwner && !other };
}

const lastOwner = () => new AppError(409, 'last_owner', errors.lastOwner);

export async function changeRole({ sessions: { db, clock } }: TeamDeps, actor: TeamActor, id: string, role: StaffRole): Promise<void> {
  await db.transaction(async (tx) => {
    const { member, lastOwner: isLast } = await lockMember(tx, id);
    if (isLast && role !== 'admin') throw lastOwner();
    await tx.delete(userRoles).where(eq(userRoles.userId, id));
    await tx.insert(userRoles).values({ userId: id, role });
    await logTeamEvent(tx, { at: clock.now(), actor, action: 'role_changed', targetEmail: member.email, role });
  });
}

/** The account can no longer sign in, and its sessions end at once on every instance (they are rows in the database). */
export async function setActive({ sessions: { db, clock } }: TeamDeps, actor: TeamActor, id: string, active: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const { member, lastOwner: isLast } = await lockMember(tx, id);
    if (!active && isLast) throw lastOwner();
    await tx.update(users).set({ deactivatedAt: active ? null : clock.now(), updatedAt: clock.now() }).where(eq(users.id, id));
    // Its requests are refused at once; its open live streams close at their next heartbeat's session check.
    if (!active) {
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
    }
    await logTeamEvent(tx, { at: clock.now(), actor, action: active ? 'reactivated' : 'deactivated', targetEmail: member.email });
  });
}

/** The latest team events, newest first, for Seguridad. */
export async function recentTeamEvents({ sessions: { db } }: TeamDeps): Promise<TeamEvent[]> {
  const rows = await db.select().from(teamEvents).orderBy(desc(teamEvents.at), desc(teamEvents.id)).limit(TEAM_EVENTS_SHOWN);
  return rows.map((row) => ({ at: row.at.toISOString(), actorEmail: row.actorEmail, ipAddress: row.ipAddress, action: row.action, targetEmail: row.targetEmail, role: row.role }));
}
