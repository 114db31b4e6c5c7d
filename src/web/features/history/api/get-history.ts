import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { historyPageSchema, type HistoryPage, type HistoryQuery } from '@shared/schemas/reservation-history';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';
import { searchParamsOf } from '@web/lib/search-params';

/** Starts with the table name so that a live change of reservations refreshes the page on screen. */
export const historyQueryKey = (query: HistoryQuery) => liveKey('reservations', 'history', query);

/** Empty filters are left out of the URL. */
export const historySearchParams = (query: HistoryQuery): URLSearchParams => searchParamsOf(query);

export function getHistory(query: HistoryQuery, signal?: AbortSignal): Promise<HistoryPage> {
  return apiFetch(`/api/admin/reservations/history?${historySearchParams(query).toString()}`, {
    schema: historyPageSchema,
    signal,
  });
}

export const historyQueryOptions = (query: HistoryQuery) =>
  queryOptions({
    queryKey: historyQueryKey(query),
    // The rows carry the card in guarantee and its charge (issue 45).
    meta: liveMeta('card_guarantees', 'payment_charges'),
    queryFn: ({ signal }) => getHistory(query, signal),
    staleTime: 0,
  });

/** Changing a filter or the page keeps the previous cards on screen until the new page arrives. */
export function useHistory(query: HistoryQuery) {
  return useQuery({ ...historyQueryOptions(query), placeholderData: keepPreviousData });
}
