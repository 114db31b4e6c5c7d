// The live alert of a low rating (issue 47, item 5): the answer's change event arrives on every staff screen; the
// owner's and encargados' read the rating and, for a 1-3, show it until dismissed, with the way to the guest.
import type { NavigateFunction } from 'react-router';
import { formatMessage } from '@shared/messages';
import { LOW_RATING_MAX, type StaffFeedback } from '@shared/schemas/feedback';
import { feedbackStaffMessages } from '@shared/staff-messages/feedback';
import { apiFetch } from '@web/lib/api';
import { toast } from '@web/lib/lazy-toaster';

const text = feedbackStaffMessages.alert;
const shown = new Set<string>();

export async function alertLowRating(id: string, navigate: NavigateFunction): Promise<void> {
  if (shown.has(id)) return;
  const feedback = await apiFetch<StaffFeedback>(`/api/admin/feedback/${encodeURIComponent(id)}`).catch(() => null);
  if (!feedback || feedback.rating === null || feedback.rating > LOW_RATING_MAX || shown.has(id)) return;
  shown.add(id);
  toast.warning(formatMessage(text.title, { rating: feedback.rating, name: feedback.customerName }), {
    description: feedback.comment ?? text.noComment,
    duration: Infinity,
    closeButton: true,
    action: { label: text.toastAction, onClick: () => navigate(feedback.guestId ? `/admin?tab=clientes&cliente=${feedback.guestId}` : '/admin') },
  });
}
