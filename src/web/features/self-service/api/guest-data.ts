import { useMutation, useQuery } from '@tanstack/react-query';
import type { ErasureLinkView } from '@shared/schemas/privacy';
import { apiFetch } from '@web/lib/api';

const reservationPath = (token: string) => `/api/public/guest-reservations/${encodeURIComponent(token)}`;
const erasurePath = (token: string) => `/api/public/data-erasure/${encodeURIComponent(token)}`;

/** 'Descargar mis datos' and 'Borrar mis datos' (issue 24): each emails the booking's address; 202 when queued. */
export function useGuestDataRequest(token: string, what: 'data-export' | 'data-erasure') {
  return useMutation({ mutationFn: () => apiFetch(`${reservationPath(token)}/${what}`, { method: 'POST' }) });
}

/** The erasure's confirmation link: what confirming will do (410 once used or expired). */
export function useErasureLink(token: string) {
  return useQuery({
    queryKey: ['data-erasure', token],
    queryFn: () => apiFetch<ErasureLinkView>(erasurePath(token)),
    retry: false,
  });
}

export function useConfirmErasure(token: string) {
  return useMutation({ mutationFn: () => apiFetch(erasurePath(token), { method: 'POST' }) });
}
