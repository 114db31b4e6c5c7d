import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardGuaranteeRules, CardGuaranteeSettings } from '@shared/schemas/card-guarantee';
import { apiFetch } from '@web/lib/api';
import { cardGuaranteeQueryKey } from './get-card-guarantee';

/** PUT /api/admin/settings/card-guarantee with every rule; answers the saved rules. */
export function saveCardGuarantee(rules: CardGuaranteeRules): Promise<CardGuaranteeSettings> {
  return apiFetch<CardGuaranteeSettings>('/api/admin/settings/card-guarantee', { method: 'PUT', body: rules });
}

export function useSaveCardGuarantee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCardGuarantee,
    onSuccess: (settings) => queryClient.setQueryData(cardGuaranteeQueryKey, settings),
  });
}
