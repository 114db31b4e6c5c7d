import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/lazy-toaster';
import { UNDO_WINDOW_MS } from '@shared/limits';
import { staffMessages } from '@shared/staff-messages';
import type { UndoAnswer, UndoTicket } from '@shared/schemas/staff-reservation';
import { apiFetch, errorMessage } from '@web/lib/api';

const text = staffMessages.admin.undo;

/** POST /api/admin/reservations/undo: the reservation as it was before the change (a batch's: every one). */
export function undoChange(ticket: UndoTicket): Promise<UndoAnswer> {
  return apiFetch<UndoAnswer>('/api/admin/reservations/undo', { method: 'POST', body: { group: ticket.group } });
}

/**
 * The success toast of a staff change, with 'Deshacer' for the 10 seconds the server takes it back (issue 19).
 * Everything is asked again after an undo: the change may have moved tables as well as the lists.
 */
export function useUndoableToast() {
  const queryClient = useQueryClient();
  return (message: string, changed: { undo?: UndoTicket; customerName?: string }, description?: string) => {
    const ticket = changed.undo;
    if (!ticket) {
      toast.success(message, { description });
      return;
    }
    const undo = () =>
      void undoChange(ticket).then(
        () => toast.success(text.done, { description: changed.customerName }),
        (error: unknown) => toast.error(text.failed, { description: errorMessage(error) }),
      ).finally(() => void queryClient.invalidateQueries());
    toast.success(message, { description, duration: UNDO_WINDOW_MS, action: { label: text.action, onClick: undo } });
  };
}
