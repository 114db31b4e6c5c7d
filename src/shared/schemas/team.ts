import { z } from 'zod';
import { STAFF_ROLES } from '../rules/permissions.ts';
import { teamMessages } from '../staff-messages/team.ts';
import { newPasswordSchema, staffEmailSchema } from './auth.ts';

const t = teamMessages;

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: t.errors.roleInvalid });

export const DISPLAY_NAME_MAX = 60;

/** A member's name as Equipo shows it (issue 52): trimmed, at most DISPLAY_NAME_MAX characters. */
const displayNameText = z
  .string({ error: t.errors.nameInvalid })
  .trim()
  .max(DISPLAY_NAME_MAX, { error: t.errors.nameTooLong });

/** PUT /api/admin/account/name: one's own name, required. */
export const displayNameInputSchema = z.object({ name: displayNameText.min(1, { error: t.errors.nameRequired }) });

/** POST /api/admin/team/invitations: the name is optional (blank: none, Equipo shows the email). */
export const invitationInputSchema = z.object({
  email: staffEmailSchema,
  role: staffRoleSchema,
  name: displayNameText.optional().transform((name) => name || null),
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;

/** PATCH /api/admin/team/members/:id. */
export const roleChangeSchema = z.object({ role: staffRoleSchema });

/** POST /api/auth/invitations/accept: the token from the link's fragment and the new password. */
export const invitationAcceptSchema = z.object({ token: z.string().min(16).max(200), password: newPasswordSchema });

export const teamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** Null when the member has none yet: Equipo shows the email. */
  name: z.string().nullable(),
  role: staffRoleSchema.nullable(),
  lastSignInAt: z.string().nullable(),
  active: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: staffRoleSchema,
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** GET /api/admin/team. */
export const teamSchema = z.object({ members: z.array(teamMemberSchema), invitations: z.array(pendingInvitationSchema) });
export type Team = z.infer<typeof teamSchema>;

/** GET /api/auth/invitations/:token: who the link invites, to greet them. */
export const invitationViewSchema = z.object({ email: z.string(), role: staffRoleSchema });

/** GET /api/admin/account/name. */
export const displayNameSchema = z.object({ name: z.string().nullable() });

export const TEAM_EVENT_ACTIONS = [
  'invited',
  'invitation_resent',
  'invitation_revoked',
  'invitation_accepted',
  'role_changed',
  'deactivated',
  'reactivated',
] as const;
export const TEAM_EVENTS_SHOWN = 50;

/** GET /api/admin/team/events: what happened to the team, newest first (Seguridad). */
export const teamEventSchema = z.object({
  at: z.string(),
  actorEmail: z.string().nullable(),
  /** Where it was done from (issue 44). */
  ipAddress: z.string().nullable(),
  action: z.enum(TEAM_EVENT_ACTIONS),
  targetEmail: z.string(),
  role: staffRoleSchema.nullable(),
});
export type TeamEvent = z.infer<typeof teamEventSchema>;

/** Equipo's 'Segundo factor obligatorio' (issue 44): owners and encargados must have a code or a passkey. */
export const secondFactorPolicySchema = z.object({ required: z.boolean() });
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicySchema>;
