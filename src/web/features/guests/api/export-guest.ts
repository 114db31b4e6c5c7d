import { useMutation } from '@tanstack/react-query';
import { formatMessage } from '@shared/messages';
import { guestPrivacyMessages } from '@shared/staff-messages/guest-privacy';
import { apiFetch } from '@web/lib/api';

export type GuestExportFormat = 'json' | 'html';

/** Hands `content` to the browser as a download named `fileName`. */
function saveFile(content: string, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
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
 * GET /api/admin/guests/:id/export (JSON) or /export.html (the readable summary in Spanish) saved as cliente-<id>.json
 * or .html, through the API client rather than a plain link: the session cookie goes with it as with every call, and a
 * refusal (a 403, a guest erased meanwhile) is a Spanish message instead of an error page saved to disk. The server
 * records each export in privacy_events.
 */
export async function downloadGuestExport({ id, format }: { id: string; format: GuestExportFormat }): Promise<void> {
  const path = `/api/admin/guests/${encodeURIComponent(id)}/export`;
  const fileName = formatMessage(guestPrivacyMessages.exportFileName, { id, format });
  if (format === 'html') {
    saveFile(await apiFetch<string>(`${path}.html`, { read: 'text' }), 'text/html', fileName);
  } else {
    saveFile(`${JSON.stringify(await apiFetch(path), null, 2)}\n`, 'application/json', fileName);
  }
}

export function useExportGuest() {
  return useMutation({ mutationFn: downloadGuestExport });
}
