import { messages } from '@shared/messages';

/** Placeholder for the Today tab of /admin (today's reservations), which a later issue builds here. */
export function TodayTab() {
  return <p className="text-muted-foreground">{messages.admin.placeholders.today}</p>;
}
