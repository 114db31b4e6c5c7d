import { settingsMessages } from '@shared/staff-messages/settings';
import { toast } from '@web/lib/lazy-toaster';

const text = settingsMessages.general;

/**
 * The field's text to the clipboard. Without the clipboard API (an address on plain http other than localhost) the
 * older copy command is tried; failing both, the text is left selected for the person to copy.
 */
export async function copy(field: HTMLTextAreaElement | HTMLInputElement | null, done: string): Promise<void> {
  if (!field) return;
  try {
    if (!navigator.clipboard) throw new Error('no clipboard API');
    await navigator.clipboard.writeText(field.value);
    toast.success(done);
    return;
  } catch {
    field.focus();
    field.select();
    if (document.execCommand('copy')) {
      toast.success(done);
      return;
    }
  }
  toast.error(text.copyFailed, { description: text.copyFailedHint });
}
