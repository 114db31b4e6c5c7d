import { z } from 'zod';

/** Every non-2xx answer of the API has this body; `message` is Spanish and ready to show. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The live-change event streamed to staff: keys only, the client refetches what it shows. */
export const changeEventSchema = z.object({
  table: z.string(),
  action: z.enum(['insert', 'update', 'delete']),
  id: z.string().nullable(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;
