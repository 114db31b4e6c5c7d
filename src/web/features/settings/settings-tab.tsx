import { messages } from '@shared/messages';

/** Placeholder for the Settings tab of /admin (the restaurant settings), which a later issue builds here. */
export function SettingsTab() {
  return <p className="text-muted-foreground">{messages.admin.placeholders.settings}</p>;
}
