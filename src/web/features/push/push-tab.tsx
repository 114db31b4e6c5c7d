import { messages } from '@shared/messages';

/** Placeholder for the Push tab of /admin (push alerts), which a later issue builds here. */
export function PushTab() {
  return <p className="text-muted-foreground">{messages.admin.placeholders.push}</p>;
}
