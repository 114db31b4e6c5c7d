import { useMutation, useQuery } from '@tanstack/react-query';
import type { FeedbackAnswer, FeedbackThanks, FeedbackVisit } from '@shared/schemas/feedback';
import { apiFetch } from '@web/lib/api';

const feedbackPath = (token: string) => `/api/public/feedback/${encodeURIComponent(token)}`;

/** The visit the link asks about (404 unknown; 410 once answered or expired). */
export function useFeedbackVisit(token: string) {
  return useQuery({
    queryKey: ['feedback', token],
    queryFn: () => apiFetch<FeedbackVisit>(feedbackPath(token)),
    retry: false,
  });
}

export function useAnswerFeedback(token: string) {
  return useMutation({
    mutationFn: (answer: FeedbackAnswer) => apiFetch<FeedbackThanks>(feedbackPath(token), { method: 'POST', body: answer }),
  });
}
