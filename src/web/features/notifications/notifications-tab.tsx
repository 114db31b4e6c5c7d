import { messages } from '@shared/messages';

/** Placeholder for the Notifications tab of /admin (the notification settings), which a later issue builds here. */
export function NotificationsTab() {
  return <p className="text-muted-foreground">{messages.admin.placeholders.notifications}</p>;
}
