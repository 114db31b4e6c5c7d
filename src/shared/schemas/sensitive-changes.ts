// Seguridad › 'Cambios sensibles' (issue 41): who changed where mail goes, when, and from which IP.
import { z } from 'zod';

export const SENSITIVE_ACTIONS = [
  'mail_settings_saved',
  'mail_settings_removed',
  'settings_changed',
  /** The owners could not be told through the previous SMTP server (best effort; the change stands). */
  'mail_change_notice_failed',
  // Sign-in (issue 44): one's own factors, and sessions ended from elsewhere.
  'two_step_enabled',
  'two_step_disabled',
  'recovery_codes_renewed',
  'recovery_code_used',
  'passkey_added',
  'passkey_removed',
  'session_ended',
  'other_sessions_ended',
  'second_factor_requirement_changed',
  // The whole database leaving the restaurant (issue 44); one guest's data is in privacy_events.
  'backup_downloaded',
  // Where guests' money goes (issue 45): the payment provider's keys.
  'payment_settings_saved',
  'payment_settings_removed',
  // Who may message guests in the restaurant's name (issue 46): the WhatsApp and Twilio accounts.
  'messaging_settings_saved',
  'messaging_settings_removed',
  // Who may use /api/v1 (issue 48): the owner's API keys.
  'api_key_created',
  'api_key_revoked',
  // Where the restaurant's bookings are sent (issue 48): the webhook endpoints.
  'webhook_added',
  'webhook_changed',
  'webhook_removed',
  // A file of guests' data brought in, and taken back out (issue 49).
  'import_started',
  'import_undone',
] as const;
export type SensitiveAction = (typeof SENSITIVE_ACTIONS)[number];

export const sensitiveChangeSchema = z.object({
  id: z.number(),
  at: z.string(),
  /** Null for what the server did itself (the notice through the previous server). */
  actorEmail: z.string().nullable(),
  ipAddress: z.string().nullable(),
  action: z.enum(SENSITIVE_ACTIONS),
  /** The settings fields a 'settings_changed' named. */
  fields: z.array(z.string()),
  /** The SMTP server before and after, why the notice failed, or whose session or data it was. */
  detail: z.string().nullable(),
});
export type SensitiveChange = z.infer<typeof sensitiveChangeSchema>;
