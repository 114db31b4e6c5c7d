// Staff's second factor (issue 44, decision 039).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, instant } from './columns.ts';

/** A member's two-step codes: one seed per account. */
export const staffTwoStep = pgTable(
  'staff_two_step',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The TOTP seed, sealed with SECRETS_KEY (platform/secret-box.ts): a dump of the table opens nothing. */
    sealedSeed: text('sealed_seed').notNull(),
    /** Null while enrolling; set when the first right code confirms that the app has the seed. */
    confirmedAt: instant('confirmed_at'),
    /** The last 30 s step a code was accepted for: that step and every earlier one are refused (no replay). */
    lastStep: bigint('last_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [check('staff_two_step_last_step_confirmed', sql`${t.lastStep} is null or ${t.confirmedAt} is not null`)],
);

/** A member's single-use recovery codes, as SHA-256 only. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_user_id_idx').on(t.userId)],
);

/**
 * The half-signed-in state between a right password and the second factor on an account that has one: a random id
 * in an HttpOnly cookie, kept here as its SHA-256, for a few minutes and one sign-in.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_challenges_user_id_idx').on(t.userId), index('sign_in_challenges_expires_at_idx').on(t.expiresAt)],
);

/**
 * The owner's rule for the team (issue 44, item 3): owners and encargados must have a second factor; one without is
 * sent to set it up before /admin. One row at most; no row is the default (not required).
 */
export const signInPolicy = pgTable(
  'sign_in_policy',
  {
    id: integer('id').primaryKey().default(1),
    secondFactorRequired: boolean('second_factor_required').notNull().default(false),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  () => [check('sign_in_policy_single_row', sql`id = 1`)],
);
