import { messages } from '@shared/messages';

/** Placeholder for the lesTab tab of /admin (the table map), which a later issue builds here. */
export function TablesTab() {
  return <p className="text-muted-foreground">{messages.admin.placeholders.tables}</p>;
}
