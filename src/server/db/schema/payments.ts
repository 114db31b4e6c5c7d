// Card guarantees (issue 45, decision 041): the provider's keys, bookings waiting for a card, the cards saved for
// bookings, the charges made on them and the provider's events already applied.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CARD_GUARANTEE_STATES, PAYMENT_CHARGE_STATUSES } from '@shared/schemas/guarantee-summary.ts';
import { users } from './accounts.ts';
import { createdAt, day, hhmm, instant, oneOf } from './columns.ts';
import { reservations } from './reservations.ts';

/** A booking waiting for its card: 'opening' until the provider's page exists, 'open' while the guest is on it. */
export const GUARANTEE_HOLD_STATUSES = ['opening', 'open', 'completed', 'expired', 'cancelled', 'failed', 'refused'] as const;
export type GuaranteeHoldStatus = (typeof GUARANTEE_HOLD_STATUSES)[number];
/** 'booking': a guest's request that takes its place while the card is saved; 'reservation': a booking already made. */
export const GUARANTEE_HOLD_KINDS = ['booking', 'reservation'] as const;

/** 'Pagos': the provider's secret key and webhook signing secret, sealed like the SMTP password. */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    id: integer('id').primaryKey().default(1),
    provider: text('provider').notNull().default('stripe'),
    secretKeyCiphertext: text('secret_key_ciphertext').notNull(),
    webhookSecretCiphertext: text('webhook_secret_ciphertext'),
    /** Read from the key's prefix when saved: a test key shows the 'modo de prueba' banner. */
    livemode: boolean('livemode').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('payment_settings_singleton', sql`${t.id} = 1`)],
);

/**
 * A booking waiting for its card. Kind 'booking' is a guest's request not yet made: it takes its place in capacity
 * (capacity/holds.ts) while 'opening' or 'open', and on completion becomes the reservation with the same id. Kind
 * 'reservation' asks a card for a booking already made (a phone booking's link): it holds nothing.
 */
export const guaranteeHolds = pgTable(
  'guarantee_holds',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: GUARANTEE_HOLD_KINDS }).notNull(),
    status: text('status', { enum: GUARANTEE_HOLD_STATUSES }).notNull().default('opening'),
    /** The guest's request as sent (kind 'booking'), placed again on completion; emptied when the hold ends. */
    request: jsonb('request').$type<Record<string, unknown>>(),
    reservationId: uuid('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    reservationDate: day('reservation_date').notNull(),
    reservationTime: hhmm('reservation_time').notNull(),
    numberOfPeople: integer('number_of_people').notNull(),
    amountPerPersonCents: integer('amount_per_person_cents').notNull(),
    freeCancellationHours: integer('free_cancellation_hours').notNull(),
    customerRef: text('customer_ref'),
    checkoutRef: text('checkout_ref'),
    holdUntil: instant('hold_until').notNull(),
    createdAt: createdAt(),
    endedAt: instant('ended_at'),
    /** Why the hold ended without a card, in the words shown to staff. */
    endReason: text('end_reason'),
  },
  (t) => [
    index('guarantee_holds_open_idx').on(t.reservationDate).where(sql`status in ('opening', 'open')`),
    index('guarantee_holds_reservation_idx').on(t.reservationId),
    check('guarantee_holds_kind', oneOf('kind', GUARANTEE_HOLD_KINDS)),
    check('guarantee_holds_status', oneOf('status', GUARANTEE_HOLD_STATUSES)),
  ],
);

/** The card saved for a reservation: the provider's references (useless without the secret key), never a number. */
export const cardGuarantees = pgTable(
  'card_guarantees',
  {
    reservationId: uuid('reservation_id')
      .primaryKey()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerRef: text('customer_ref').notNull(),
    paymentMethodRef: text('payment_method_ref').notNull(),
    /** 'Visa ···· 4242', as the provider described the card. */
    cardLabel: text('card_label'),
    amountPerPersonCents: integer('amount_per_person_cents').notNull(),
    freeCancellationHours: integer('free_cancellation_hours').notNull(),
    state: text('state', { enum: CARD_GUARANTEE_STATES }).notNull().default('saved'),
    savedAt: instant('saved_at').notNull(),
    releasedAt: instant('released_at'),
    releaseReason: text('release_reason'),
    /** When the provider forgot the card; a released card not yet detached is detached by the payments job. */
    detachedAt: instant('detached_at'),
  },
  () => [check('card_guarantees_state', oneOf('state', CARD_GUARANTEE_STATES))],
);

/** A no-show fee charged to the saved card, and its refund. One live charge per reservation. */
export const paymentCharges = pgTable(
  'payment_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    people: integer('people').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: PAYMENT_CHARGE_STATUSES }).notNull().default('processing'),
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundRef: text('refund_ref'),
    refundedAt: instant('refunded_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_charges_live_key').on(t.reservationId).where(sql`status <> 'failed'`),
    index('payment_charges_reservation_idx').on(t.reservationId),
    check('payment_charges_status', oneOf('status', PAYMENT_CHARGE_STATUSES)),
    check('payment_charges_amount', sql`${t.amountCents} > 0 and ${t.refundedCents} between 0 and ${t.amountCents}`),
  ],
);

/** The provider's events already applied: a replayed event finds its id here and changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
});
