import { useMutation } from '@tanstack/react-query';
import { formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { apiFetch } from '@web/lib/api';

/** GET /api/admin/guests/:id/export: everything Mesa holds about the guest (issue 24), read as JSON. */
export function getGuestExport(id: string): Promise<unknown> {
  return apiFetch(`/api/admin/guests/${encodeURIComponent(id)}/export`);
}

/** Hands `content` to the browser as a download named `fileName`. */
function saveFile(content: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the object URL may go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The export as a file (cliente-<id>.json), through the API client rather than a plain link: the session cookie goes
 * with it as with every call, and a refusal (a 403, a guest erased meanwhile) is a Spanish message instead of an
 * error page saved to disk. The server records each export in privacy_events.
 */
export async function downloadGuestExport(id: string): Promise<void> {
  const data = await getGuestExport(id);
  saveFile(`${JSON.stringify(data, null, 2)}\n`, formatMessage(staffMessages.guests.privacy.exportFileName, { id }));
}

export function useExportGuest() {
  return useMutation({ mutationFn: downloadGuestExport });
}
