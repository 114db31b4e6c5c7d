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

/**
 * The tables whose changes are streamed live to staff. The server's `recordChange` and the web's live query keys
 * both take a `LiveTable`, so a misspelt table is a type error rather than a screen that silently stops refreshing.
 */
export const liveTableSchema = z.enum([
  'account_lockouts',
  'api_keys',
  'backup_runs',
  'daily_reservation_pauses',
  'date_exceptions',
  'guests',
  'login_attempts',
  'mail_settings',
  'messaging_settings',
  'card_guarantees',
  'feedback_requests',
  'guarantee_holds',
  'imports',
  'payment_charges',
  'payment_settings',
  'monday_exceptions',
  'notification_settings',
  'privacy_events',
  'operating_hours',
  'reservation_tables',
  'reservations',
  'restaurant_config',
  'sensitive_changes',
  'table_combinations',
  'tables',
  'team_events',
  'time_blocks',
  /** A member's name changed in 'Mi cuenta' (Equipo's list). */
  'users',
  'waitlist_entries',
  'webhook_deliveries',
  'webhook_endpoints',
  'zones',
]);
export type LiveTable = z.infer<typeof liveTableSchema>;

/** The live-change event streamed to staff: keys only, the client refetches what it shows. */
export const changeEventSchema = z.object({
  table: liveTableSchema,
  action: z.enum(['insert', 'update', 'delete']),
  id: z.string().nullable(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;
