// The reservations' reads of /api/v1 (issue 48, decision 049): one booking, and a period's bookings in pages read by
// keyset (the history export's statement), so a deep page costs what the first does and no row repeats or goes missing.
import { z } from 'zod';
import { type ApiReservation, type ApiReservationPage, type ApiReservationsQuery, toApiReservation } from '@shared/schemas/api-v1.ts';
import { isValidDate, isValidTime } from '@shared/rules/madrid-time.ts';
import { integrationsMessages } from '@shared/staff-messages/integrations.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { historyBatch, type HistoryCursor, toAdminReservation } from './admin-queries.ts';
import { findReservation } from './public-queries.ts';

const cursorSchema = z.object({ key: z.string().refine(isValidDate), time: z.string().refine(isValidTime), id: z.uuid() });

const encodeCursor = (cursor: HistoryCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(cursor: string): HistoryCursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    const message = integrationsMessages.api.cursorInvalid;
    throw badRequest(message, { cursor: message });
  }
}

export async function apiReservation({ db }: ServiceDeps, id: string): Promise<ApiReservation> {
  const row = await findReservation(db, id);
  if (!row) throw notFound(staffMessages.admin.errors.reservationNotFound);
  return toApiReservation(toAdminReservation(row));
}

/** By date, time and id, `limit` at a time; `nextCursor` names where the next page starts. */
export async function apiReservationPage({ db }: ServiceDeps, query: ApiReservationsQuery): Promise<ApiReservationPage> {
  const filter = { from: query.from, to: query.to, status: query.status, sort: 'reservation_date', direction: 'asc', page: 1 } as const;
  const rows = await historyBatch(db, filter, query.cursor ? decodeCursor(query.cursor) : null, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ row }) => toApiReservation(toAdminReservation(row))),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ key: last.key, time: last.row.reservationTime, id: last.row.id }) : null,
  };
}
