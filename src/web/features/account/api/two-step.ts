import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recoveryCodesSchema, twoStepEnrolmentSchema, twoStepStatusSchema } from '@shared/schemas/two-step';
import { apiFetch } from '@web/lib/api';

// The member's own two-step codes (issue 44): /api/admin/account/two-step.
const statusKey = ['account', 'two-step'] as const;

export function useTwoStepStatus() {
  return useQuery({ queryKey: statusKey, queryFn: ({ signal }) => apiFetch('/api/admin/account/two-step', { schema: twoStepStatusSchema, signal }) });
}

/** A new seed, not in force until a first code confirms it. */
export function useStartTwoStep() {
  return useMutation({ mutationFn: () => apiFetch('/api/admin/account/two-step', { method: 'POST', schema: twoStepEnrolmentSchema }) });
}

export function useConfirmTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiFetch('/api/admin/account/two-step/confirm', { method: 'POST', body: { code }, schema: recoveryCodesSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

/** New recovery codes (after a fresh sign-in): the old ones stop working. */
export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/api/admin/account/two-step/recovery-codes', { method: 'POST', schema: recoveryCodesSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useTurnOffTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/api/admin/account/two-step', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}
