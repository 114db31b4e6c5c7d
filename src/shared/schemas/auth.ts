import { z } from 'zod';
import { EMAIL_MAX_LENGTH, LOGIN_HISTORY_ALL_ROWS, LOGIN_HISTORY_ROWS } from '../limits.ts';
import { loginMessages } from '../staff-messages/login.ts';
import { setupMessages } from '../staff-messages/team.ts';
import { STAFF_ROLES } from '../rules/permissions.ts';
import { twoStepMessages } from '../staff-messages/two-step.ts';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const staffEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { message: loginMessages.emailInvalid, abort: true })
  .pipe(z.email(loginMessages.emailInvalid));

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, loginMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, loginMessages.passwordTooLong);

export const loginRequestSchema = z.object({
  email: z
    .string({ error: loginMessages.required })
    .trim()
    .min(1, loginMessages.required)
    .max(EMAIL_MAX_LENGTH, loginMessages.emailInvalid),
  password: z
    .string({ error: loginMessages.required })
    .min(1, loginMessages.required)
    .max(PASSWORD_MAX_LENGTH, loginMessages.passwordTooLong),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /api/admin/account/confirm-password: the signed-in member's own password, typed again (issue 41). */
export const confirmPasswordSchema = loginRequestSchema.pick({ password: true });

export const recoveryRequestSchema = z.object({
  email: z
    .string({ error: loginMessages.recoveryEmailRequired })
    .trim()
    .min(1, loginMessages.recoveryEmailRequired)
    .max(EMAIL_MAX_LENGTH, loginMessages.emailInvalid),
});

export const passwordResetSchema = z.object({
  token: z.string().min(16).max(200),
  password: newPasswordSchema,
});

/** POST /api/auth/setup: the first run's owner account (issue 20). */
export const ownerSetupSchema = z.object({
  code: z
    .string({ error: setupMessages.codeRequired })
    .trim()
    .min(1, setupMessages.codeRequired)
    .max(64, setupMessages.codeInvalid),
  email: staffEmailSchema,
  password: newPasswordSchema,
});
export type OwnerSetupInput = z.infer<typeof ownerSetupSchema>;

/** GET /api/auth/setup: whether the owner's account is still to be made. */
export const setupStateSchema = z.object({ required: z.boolean() });

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The owner (the spec's admin role). */
  isAdmin: z.boolean(),
  /** The role the user acts with in the back office; null for an account without one (issue 20). */
  role: z.enum(STAFF_ROLES).nullable(),
  /** The owner requires a second factor and the account has none: /admin shows only its set-up (issue 44). */
  secondFactorDue: z.boolean().default(false),
});
export type SessionUserView = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/session, and the body of a successful sign-in or password reset. */
export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** POST /api/auth/login: the session, or (issue 44) no session yet and the second step to ask for. */
export const loginResponseSchema = sessionResponseSchema.extend({ secondStep: z.literal('code').optional() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/login/code: the session, and after a recovery code how many the account has left. */
export const secondStepResponseSchema = z.object({ user: sessionUserSchema, recoveryCodesLeft: z.number().int().nullable() });

export const securitySummarySchema = z.object({
  lockedAccounts: z.number(),
  failedLast24h: z.number(),
  attemptsLast24h: z.number(),
  /** The Mesa version this server runs (package.json). */
  version: z.string(),
});
export type SecuritySummary = z.infer<typeof securitySummarySchema>;

export const accountLockoutSchema = z.object({
  id: z.string(),
  email: z.string(),
  failedAttempts: z.number(),
  lockedUntil: z.string(),
  createdAt: z.string(),
});
export type AccountLockout = z.infer<typeof accountLockoutSchema>;

export const loginAttemptSchema = z.object({
  id: z.number(),
  email: z.string(),
  attemptTime: z.string(),
  success: z.boolean(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  reason: z.string().nullable(),
});
export type LoginAttempt = z.infer<typeof loginAttemptSchema>;

export const loginAttemptsQuerySchema = z.object({
  limit: z.coerce.number().pipe(z.union([z.literal(LOGIN_HISTORY_ROWS), z.literal(LOGIN_HISTORY_ALL_ROWS)])).default(LOGIN_HISTORY_ROWS),
});

/** POST /api/auth/login/code: the sign-in's second step, a code of the app or a recovery code (issue 44). */
export const secondStepSchema = z.object({
  code: z
    .string({ error: twoStepMessages.wrongCode })
    .trim()
    .min(1, twoStepMessages.wrongCode)
    .max(40, twoStepMessages.wrongCode),
});
