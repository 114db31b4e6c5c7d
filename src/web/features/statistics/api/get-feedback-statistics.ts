import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { feedbackCommentsSchema, feedbackStatisticsSchema, guestSpendStatisticsSchema } from '@shared/schemas/feedback-statistics';
import type { StatisticsQuery } from '@shared/schemas/statistics';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

const rangeParams = ({ from, to }: StatisticsQuery, extra: Record<string, string> = {}) => new URLSearchParams({ from, to, ...extra }).toString();

/** GET /api/admin/statistics/guest-spend: refreshed, like the rest of Estadísticas, by a live change of reservations. */
export function useGuestSpend(range: StatisticsQuery) {
  return useQuery({
    queryKey: liveKey('reservations', 'statistics', 'guest-spend', range),
    queryFn: ({ signal }) => apiFetch(`/api/admin/statistics/guest-spend?${rangeParams(range)}`, { schema: guestSpendStatisticsSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFeedbackStatistics(range: StatisticsQuery) {
  return useQuery({
    queryKey: liveKey('reservations', 'statistics', 'feedback', range),
    queryFn: ({ signal }) => apiFetch(`/api/admin/statistics/feedback?${rangeParams(range)}`, { schema: feedbackStatisticsSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One page of the range's comments. Pages are plain queries, one per 'Ver más', rather than useInfiniteQuery: that
 * would pull its paging code into the framework chunk /admin loads first.
 */
export function useFeedbackCommentsPage(range: StatisticsQuery, offset: number) {
  return useQuery({
    queryKey: liveKey('reservations', 'statistics', 'feedback-comments', range, offset),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/statistics/feedback/comments?${rangeParams(range, { offset: String(offset) })}`, { schema: feedbackCommentsSchema, signal }),
  });
}
