import { z } from 'zod';
import {
  ADMIN_PARTY_MAX,
  ADMIN_PARTY_MIN,
  COMBINATION_PARTY_MAX,
  COMBINATION_TABLES_MAX,
  TABLE_ROTATION_MAX,
  TABLE_ROTATION_MIN,
  TABLE_ROTATION_STEP,
  TABLE_SEATS_DEFAULT,
  TABLE_SEATS_MAX,
  TABLE_SEATS_MIN,
  TABLE_SHAPES,
} from '../limits.ts';
import { formatMessage } from '../messages.ts';
import { tableMessages } from '../staff-messages/tables.ts';
import { settingsMessages } from '../staff-messages/settings.ts';
import { TABLE_CHOICE_STATES } from '../rules/table-states.ts';
import {
  ARRIVAL_STATUSES,
  partySizeSchema,
  RESERVATION_STATUSES,
  reservationDateSchema,
  reservationTimeSchema,
  reservationValidation,
} from './reservation.ts';

const t = tableMessages.tables;

/**
 * Positions are in floor units: the floor is FLOOR_WIDTH × FLOOR_HEIGHT units whatever the screen, and the map
 * scales it, so a table sits in the same place on a phone and on a desktop.
 */
export const FLOOR_WIDTH = 800;
export const FLOOR_HEIGHT = 600;

const tableName = z.string({ error: t.nameRequired }).trim().min(1, t.nameEmpty).max(50, settingsMessages.validation.textTooLong);
const seats = z.number({ error: t.seatsRange }).int(t.seatsRange).min(TABLE_SEATS_MIN, t.seatsRange).max(TABLE_SEATS_MAX, t.seatsRange);
const rotation = z
  .number()
  .int()
  .min(TABLE_ROTATION_MIN)
  .max(TABLE_ROTATION_MAX)
  .refine((degrees) => degrees % TABLE_ROTATION_STEP === 0);
const position = (max: number) => z.number().finite().min(0).max(max);

export const tableSchema = z.object({
  id: z.string(),
  tableNumber: z.number(),
  name: z.string(),
  seats: z.number(),
  positionX: z.number(),
  positionY: z.number(),
  isActive: z.boolean(),
  shape: z.enum(TABLE_SHAPES),
  rotation: z.number(),
  zoneId: z.string(),
  minParty: z.number(),
  walkInOnly: z.boolean(),
});
export type DiningTable = z.infer<typeof tableSchema>;

export const newTableSchema = z.object({
  /** Empty means 'Mesa {number}'. */
  name: z.string().trim().max(50).optional(),
  seats: seats.default(TABLE_SEATS_DEFAULT),
  shape: z.enum(TABLE_SHAPES).default('square'),
  /** Unset means the first zone. */
  zoneId: z.uuid({ error: t.zoneNotFound }).optional(),
});
export type NewTableInput = z.input<typeof newTableSchema>;

export const tablePatchSchema = z
  .object({
    name: tableName,
    seats,
    shape: z.enum(TABLE_SHAPES),
    rotation,
    positionX: position(FLOOR_WIDTH),
    positionY: position(FLOOR_HEIGHT),
    isActive: z.boolean(),
    zoneId: z.uuid({ error: t.zoneNotFound }),
    minParty: z.number({ error: t.minPartyRange }).int(t.minPartyRange).min(TABLE_SEATS_MIN, t.minPartyRange).max(TABLE_SEATS_MAX, t.minPartyRange),
    walkInOnly: z.boolean(),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, settingsMessages.validation.nothingToSave);
export type TablePatch = z.infer<typeof tablePatchSchema>;

// Seating (issue 7): which reservations sit at which tables.

const s = tableMessages.seating;
/** More tables than this for one party is a typing accident, not a seating. */
export const MAX_TABLES_PER_RESERVATION = 10;

export const seatingQuerySchema = z.object({ date: reservationDateSchema });

export const seatTablesSchema = z
  .object({
    tableIds: z
      .array(z.uuid())
      .max(MAX_TABLES_PER_RESERVATION, formatMessage(s.tooManyTables, { max: MAX_TABLES_PER_RESERVATION })),
  })
  .strict();
export type SeatTablesInput = z.infer<typeof seatTablesSchema>;

export const seatTablesResultSchema = z.object({
  tableIds: z.array(z.string()),
  warnings: z.array(z.string()),
  undo: z.object({ group: z.string(), expiresAt: z.string() }).optional(),
});
export type SeatTablesResult = z.infer<typeof seatTablesResultSchema>;

/**
 * GET /api/admin/table-states (issue 52, item 3): each table's state for a party at a date and time; `reservationId`,
 * the booking being seated ('Cambiar mesa'), whose own tables count as free.
 */
export const tableStatesQuerySchema = z.object({
  date: reservationDateSchema,
  time: reservationTimeSchema,
  people: partySizeSchema(ADMIN_PARTY_MIN, ADMIN_PARTY_MAX, reservationValidation.adminPeopleMax),
  reservationId: z.uuid().optional(),
});
export type TableStatesQuery = z.input<typeof tableStatesQuerySchema>;

export const tableChoiceSchema = z.object({
  tableId: z.string(),
  name: z.string(),
  seats: z.number(),
  state: z.enum(TABLE_CHOICE_STATES),
  holder: z.object({ reservationId: z.string(), customerName: z.string(), until: z.string() }).nullable(),
  combinedWith: z.array(z.string()),
});
export type TableChoiceRow = z.infer<typeof tableChoiceSchema>;

/** A reservation of the day as the map needs it. */
export const seatingReservationSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  reservationDate: z.string(),
  reservationTime: z.string(),
  numberOfPeople: z.number(),
  status: z.enum(RESERVATION_STATUSES),
  arrivalStatus: z.enum(ARRIVAL_STATUSES),
});
export type SeatingReservation = z.infer<typeof seatingReservationSchema>;

/** On the map, with when its party was marked 'Llegó' (ISO; null when not arrived): an early arrival holds from then. */
export const mapReservationSchema = seatingReservationSchema.extend({ arrivedAt: z.string().nullable() });
export type MapReservation = z.infer<typeof mapReservationSchema>;

export const seatingDaySchema = z.object({
  date: z.string(),
  durationMinutes: z.number(),
  /** In 'Por mesas' (issue 21) the stay follows the party size; null in 'Por cubiertos'. */
  turnMinutes: z.object({ upTo2: z.number(), upTo4: z.number(), upTo6: z.number(), more: z.number() }).nullable(),
  reservations: z.array(mapReservationSchema),
});
export type SeatingDay = z.infer<typeof seatingDaySchema>;

/** The tables of each seated reservation of one date. */
export const reservationTablesSchema = z.array(z.object({ reservationId: z.string(), tableIds: z.array(z.string()) }));
export type ReservationTables = z.infer<typeof reservationTablesSchema>;

// Zones and combinations (issue 21).

const zt = tableMessages.zones;
const ct = tableMessages.combinations;

export const zoneSchema = z.object({ id: z.string(), name: z.string(), position: z.number(), onlineBookable: z.boolean() });
export type Zone = z.infer<typeof zoneSchema>;

const zoneName = z.string({ error: zt.nameRequired }).trim().min(1, zt.nameRequired).max(50, settingsMessages.validation.textTooLong);
export const newZoneSchema = z.object({ name: zoneName, onlineBookable: z.boolean().default(true) }).strict();
export const zonePatchSchema = z
  .object({ name: zoneName, onlineBookable: z.boolean(), position: z.number().int().min(0).max(1000) })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, settingsMessages.validation.nothingToSave);
export type ZonePatch = z.infer<typeof zonePatchSchema>;

export const combinationSchema = z.object({ id: z.string(), tableIds: z.array(z.string()), minParty: z.number(), maxParty: z.number() });
export type Combination = z.infer<typeof combinationSchema>;

const partySize = z.number({ error: ct.partyRange }).int(ct.partyRange).min(1, ct.partyRange).max(COMBINATION_PARTY_MAX, ct.partyRange);
export const newCombinationSchema = z
  .object({
    tableIds: z
      .array(z.uuid({ error: ct.tableNotFound }))
      .max(COMBINATION_TABLES_MAX, { message: ct.tablesCount, abort: true })
      .refine((ids) => ids.length >= 2 && new Set(ids).size === ids.length, ct.tablesCount),
    minParty: partySize,
    maxParty: partySize,
  })
  .strict()
  .refine((input) => input.minParty <= input.maxParty, { path: ['maxParty'], message: ct.partyRange });
export type NewCombinationInput = z.infer<typeof newCombinationSchema>;
