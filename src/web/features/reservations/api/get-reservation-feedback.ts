import { useQuery } from '@tanstack/react-query';
import { reservationFeedbackSchema } from '@shared/schemas/feedback-statistics';
import { apiFetch } from '@web/lib/api';

/** GET /api/admin/reservations/:id/feedback (decision 046): the guest's rating, asked for a visit's detail only. */
export function useReservationFeedback(id: string, enabled: boolean) {
  return useQuery({
    // Live: an answer given while the detail is open shows at once.
    queryKey: ['feedback_requests', 'reservation', id],
    queryFn: ({ signal }) => apiFetch(`/api/admin/reservations/${encodeURIComponent(id)}/feedback`, { schema: reservationFeedbackSchema, signal }),
    enabled,
  });
}
