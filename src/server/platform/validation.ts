import type { z } from 'zod';
import { validationError } from './errors.ts';

/** Parses a request's params, query or body with a shared schema; a failure is a 400 with one Spanish message per field. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}
