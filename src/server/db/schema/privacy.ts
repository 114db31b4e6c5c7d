// What was done with guests' personal data (issue 24): exports, erasures and the retention job's runs, shown in
// Seguridad. An entry names the guest by id only, never the data it concerned.
import { bigserial, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PRIVACY_ACTIONS } from '@shared/schemas/privacy.ts';
import { instant, oneOf } from './columns.ts';

export const privacyEvents = pgTable(
  'privacy_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: instant('at').notNull(),
    /** The staff member who asked; null for the guest's own request or the retention job. */
    actorEmail: text('actor_email'),
    action: text('action', { enum: PRIVACY_ACTIONS }).notNull(),
    guestId: uuid('guest_id'),
    /** How many rows of each kind the action touched, e.g. { reservations: 3, emails: 5 }. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [index('privacy_events_at_idx').on(t.at.desc()), check('privacy_events_action', oneOf('action', PRIVACY_ACTIONS))],
);
