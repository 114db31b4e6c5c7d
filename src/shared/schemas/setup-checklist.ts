import { z } from 'zod';
import { SETUP_STEPS, type SetupStep } from '../limits.ts';

/** GET /api/admin/setup: each step of the checklist on Reservas, and whether guests' emails really leave. */
export interface SetupStatus {
  steps: { id: SetupStep; done: boolean; skipped: boolean }[];
  /** The owner hid the whole card. */
  hidden: boolean;
  mail: { configured: boolean; outboxDirectory: string };
  /** Pre-fills the admin email step: the signed-in account's address. */
  accountEmail: string;
}

/** PATCH /api/admin/setup: set a step aside (or take it back), or hide (or show) the whole card. */
export const setupPatchSchema = z.union([
  z.object({ step: z.enum(SETUP_STEPS), skipped: z.boolean() }).strict(),
  z.object({ hidden: z.boolean() }).strict(),
]);
export type SetupPatch = z.infer<typeof setupPatchSchema>;
