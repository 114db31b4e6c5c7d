// Issue 17, item 8: a field with a length limit refuses an overlong value on its length alone; no pattern or
// refinement after it runs on the long text (the check that used to block an instance for seconds).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { staffEmailSchema } from './auth.ts';
import { customerEmailSchema, customerNameSchema, customerPhoneSchema, specialRequirementSchema } from './reservation.ts';
import { manualReservationSchema } from './staff-reservation.ts';
import { settingsFieldsSchema } from './settings.ts';

const LONG = 80_000;
const emailLike = `a@${'.'.repeat(LONG)}@`;
const manual = manualReservationSchema;
const settings = settingsFieldsSchema.shape;

describe.each<[string, z.ZodType, string]>([
  ['customerName', customerNameSchema, 'Ana'.repeat(LONG)],
  ['customerPhone', customerPhoneSchema, '-'.repeat(LONG)],
  ['customerEmail', customerEmailSchema, emailLike],
  ['specialRequirement', specialRequirementSchema, '<'.repeat(LONG)],
  ['manual customerName', manual.shape.customerName, 'A\t'.repeat(LONG)],
  ['manual customerPhone', manual.shape.customerPhone, '('.repeat(LONG)],
  ['manual customerEmail', manual.shape.customerEmail, emailLike],
  ['settings adminEmail', settings.adminEmail, emailLike],
  ['settings contactPhone1', settings.contactPhone1, '('.repeat(LONG)],
  ['settings brandColor', settings.brandColor, '#'.repeat(LONG)],
  ['staff email', staffEmailSchema, emailLike],
])('%s', (_, schema, value) => {
  it('answers with the length issue alone', () => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.code)).toEqual(['too_big']);
  });
});
