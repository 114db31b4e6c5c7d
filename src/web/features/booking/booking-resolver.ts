// Loaded on the booking form's first focus or validation: zod and the reservation schema stay out of the
// landing page's initial JavaScript. The schema's messages are said by their keys in the guest's language (decision
// 035), from the context the form passes: the same rule as @hookform/resolvers/zod, one message per field.
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { issueTextKey } from '@shared/schemas/guest-field-text';
import { type PublicReservation, publicReservationSchema } from '@shared/schemas/reservation';
import type { TextOf } from '@web/lib/i18n/use-guest-texts';
import type { BookingFormValues } from './form-values';

/** What the form gives its resolver: how to say a first-screen text in the guest's language. */
export interface BookingResolverContext {
  textOf: TextOf;
}

/** The issue a guest reads: for a union, that of the branch that came closest to matching. */
function shownIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
  return closest[0] ?? issue;
}

export const bookingResolver: Resolver<BookingFormValues, BookingResolverContext, PublicReservation> = async (values, context, options) => {
  const result = await publicReservationSchema.safeParseAsync(values);
  if (result.success) {
    if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
    return { values: result.data, errors: {} };
  }
  const errors: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    const shown = shownIssue(issue);
    const key = issueTextKey(shown);
    errors[issue.path.join('.')] ??= { type: shown.code, message: key && context ? context.textOf(key) : shown.message };
  }
  return { values: {}, errors: toNestErrors(errors, options) };
};
