// Staff accounts, their sessions and sign-in security.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '@shared/rules/permissions.ts';
import { SENSITIVE_ACTIONS } from '@shared/schemas/sensitive-changes.ts';
import { TEAM_EVENT_ACTIONS } from '@shared/schemas/team.ts';
import { createdAt, instant, oneOf } from './columns.ts';

/** 'admin' is the owner (the spec's role); 'manager' and 'floor' are issue 20's Encargado and Sala. */
export const USER_ROLES = STAFF_ROLES;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    /** Set by the owner in 'Equipo' (issue 20): the account cannot sign in, and its sessions were ended. */
    deactivatedAt: instant('deactivated_at'),
    /** How Equipo names the member (issue 52): given at the invitation or in 'Mi cuenta'; null shows the email. */
    displayName: text('display_name'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: USER_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check('user_roles_role', oneOf('role', USER_ROLES))],
);

/**
 * The one-time code that creates the owner's account from the browser on a fresh install (issue 20). One row at
 * most: issuing a new code replaces the old; creating the owner deletes it. Only its SHA-256 is kept.
 */
export const setupCodes = pgTable(
  'setup_codes',
  {
    id: integer('id').primaryKey().default(1),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
  },
  () => [check('setup_codes_single_row', sql`id = 1`)],
);

/**
 * An owner's invitation to join the team (issue 20): valid 7 days, single use. Its link's token is minted by the
 * delivery worker (decision 012) and only its hash is kept; a resend mints a new one, which ends the old link.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull(),
    tokenHash: text('token_hash'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    acceptedAt: instant('accepted_at'),
    revokedAt: instant('revoked_at'),
    /** The name the owner typed when inviting (optional), given to the account when it is made. */
    displayName: text('display_name'),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_hash_key').on(t.tokenHash),
    // One open invitation per email.
    uniqueIndex('staff_invitations_open_email_key').on(t.email).where(sql`accepted_at is null and revoked_at is null`),
    check('staff_invitations_role', oneOf('role', USER_ROLES)),
    check('staff_invitations_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export const TEAM_ACTIONS = TEAM_EVENT_ACTIONS;

/** What the owner did to the team, and who joined (issue 20): Seguridad lists it. */
export const teamEvents = pgTable(
  'team_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: instant('at').notNull(),
    actorEmail: text('actor_email'),
    /** Where it was done from (issue 44): the owner's address, or the invitee's when joining. */
    ipAddress: text('ip_address'),
    action: text('action', { enum: TEAM_ACTIONS }).notNull(),
    targetEmail: text('target_email').notNull(),
    /** The role given or changed to, when the action has one. */
    role: text('role', { enum: USER_ROLES }),
  },
  (t) => [index('team_events_at_idx').on(t.at.desc()), check('team_events_action', oneOf('action', TEAM_ACTIONS))],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's random id: a leaked table does not hand out sessions. */
    idHash: text('id_hash').primaryKey(),
    /** How 'Mis dispositivos' and Equipo name the session (issue 44): the id hash stays on the server. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: instant('idle_expires_at').notNull(),
    absoluteExpiresAt: instant('absolute_expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** When this session last proved who it is (a sign-in, or the password, a code or a passkey given again): sensitive
     * changes need it within RECENT_SIGN_IN_MINUTES (issues 41 and 44). */
    freshSignInAt: instant('fresh_sign_in_at'),
    /** Signed in while the owner requires a second factor and the account had none: only setting one up is open
     * until it does (issue 44, item 3). */
    secondFactorDue: boolean('second_factor_due').notNull().default(false),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), uniqueIndex('sessions_public_id_key').on(t.publicId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    attemptTime: instant('attempt_time').notNull().defaultNow(),
    success: boolean('success').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** Why a failure happened, e.g. 'unauthorized_admin_access'. */
    reason: text('reason'),
  },
  (t) => [
    index('login_attempts_time_idx').on(t.attemptTime.desc()),
    index('login_attempts_email_time_idx').on(t.email, t.attemptTime),
  ],
);

export const accountLockouts = pgTable(
  'account_lockouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    failedAttempts: integer('failed_attempts').notNull(),
    lockedUntil: instant('locked_until').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('account_lockouts_email_key').on(t.email), index('account_lockouts_created_at_idx').on(t.createdAt)],
);

/** Seguridad › 'Cambios sensibles' (issue 41): changes that decide where mail goes, by whom, when, from which IP. */
export const sensitiveChanges = pgTable(
  'sensitive_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: instant('at').notNull(),
    actorEmail: text('actor_email'),
    ipAddress: text('ip_address'),
    action: text('action', { enum: SENSITIVE_ACTIONS }).notNull(),
    fields: text('fields').array().notNull().default(sql`'{}'::text[]`),
    detail: text('detail'),
  },
  (t) => [index('sensitive_changes_at_idx').on(t.at.desc()), check('sensitive_changes_action', oneOf('action', SENSITIVE_ACTIONS))],
);
