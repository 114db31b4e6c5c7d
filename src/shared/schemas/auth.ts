import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../limits.ts';
import { messages } from '../messages.ts';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const staffEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, messages.login.emailInvalid)
  .pipe(z.email(messages.login.emailInvalid));

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, messages.login.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.login.passwordTooLong);
