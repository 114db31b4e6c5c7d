import { messages } from '@shared/messages';

/** Placeholder for the History tab of /admin (the reservation history), which a later issue builds here. */
export function HistoryTab() {
  return <p className="text-muted-foreground">{messages.admin.placeholders.history}</p>;
}
