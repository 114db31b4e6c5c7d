import { INSTALL_PROMPT_DISMISS_DAYS } from '@shared/limits';

const STORAGE_KEY = 'mesa-install-prompt-dismissed-at';
const DAY_MS = 24 * 60 * 60 * 1000;

/** True while a 'Ahora no' is younger than INSTALL_PROMPT_DISMISS_DAYS (spec point 9). */
export function isInstallPromptDismissed(now = Date.now()): boolean {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return false; // storage blocked: the card simply shows again
  }
  const dismissedAt = raw === null ? NaN : Number(raw);
  if (!Number.isFinite(dismissedAt)) return false;
  return now - dismissedAt < INSTALL_PROMPT_DISMISS_DAYS * DAY_MS;
}

export function rememberInstallPromptDismissed(now = Date.now()): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    // Private mode or full storage: the dismissal lasts for this page only.
  }
}
