import { z } from 'zod';
import { EMAIL_MAX_LENGTH, MAIL_SECURITY_MODES } from '../limits.ts';
import { messages } from '../messages.ts';
import { mailSettingsMessages, settingsMessages } from '../staff-messages/settings.ts';
import { EMAIL_SHAPE } from './reservation.ts';

const mv = mailSettingsMessages.validation;

/** PUT /api/admin/mail-settings. An empty or missing password keeps the saved one; no user means no password. */
export const mailSettingsInputSchema = z
  .object({
    host: z
      .string()
      .trim()
      .max(253, { message: mv.hostInvalid, abort: true })
      .regex(/^[A-Z0-9][A-Z0-9.:-]*$/i, mv.hostInvalid),
    port: z.number({ error: mv.portInvalid }).int(mv.portInvalid).min(1, mv.portInvalid).max(65535, mv.portInvalid),
    security: z.enum(MAIL_SECURITY_MODES, { error: mv.securityInvalid }),
    username: z
      .string()
      .trim()
      .max(200, settingsMessages.validation.textTooLong)
      .transform((username) => username || null)
      .nullable(),
    password: z.string().max(500, mv.passwordTooLong).optional(),
    sender: z
      .string()
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX_LENGTH, { message: messages.reservation.validation.emailFormat, abort: true })
      .refine((email) => EMAIL_SHAPE.test(email), messages.reservation.validation.emailFormat),
  })
  .strict();
export type MailSettingsInput = z.input<typeof mailSettingsInputSchema>;

/** GET /api/admin/mail-settings: never the password, only whether one is saved and readable here. */
export interface MailSettingsView {
  /** 'environment': SMTP_URL is set and wins; 'settings': the server below; 'none': emails become files. */
  source: 'environment' | 'settings' | 'none';
  environmentHost: string | null;
  settings: {
    host: string;
    port: number;
    security: (typeof MAIL_SECURITY_MODES)[number];
    username: string | null;
    sender: string;
    passwordSaved: boolean;
    passwordReadable: boolean;
  } | null;
  /** Where emails are written while no server is configured. */
  outboxDirectory: string;
}

export interface MailTestResult {
  to: string;
}
