import { formatMessage } from '@shared/messages';
import type { SensitiveChange } from '@shared/schemas/sensitive-changes';
import { securityMessages } from '@shared/staff-messages/security';
import { sensitiveChangesMessages } from '@shared/staff-messages/sensitive-changes';
import { Badge } from '@web/components/ui/badge';
import { formatDateTime } from '@web/lib/format';
import { useSensitiveChanges } from './api/get-sensitive-changes';
import { EventListCard } from './event-list-card';

const text = sensitiveChangesMessages;
const FIELD_LABELS: Record<string, string | undefined> = text.fields;

/** 'Cambios sensibles' (issue 41): who changed the outgoing mail or an owner-only setting, when and from where; live. */
export function SensitiveChanges() {
  return (
    <EventListCard title={text.title} description={text.description} empty={text.empty} query={useSensitiveChanges()}>
      {(change) => <SensitiveChangeRow key={change.id} change={change} />}
    </EventListCard>
  );
}

function SensitiveChangeRow({ change }: { change: SensitiveChange }) {
  const fields = change.fields.map((field) => FIELD_LABELS[field] ?? field).join(', ');
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant={change.action === 'mail_change_notice_failed' ? 'danger' : 'info'}>{text.actions[change.action]}</Badge>
        <time dateTime={change.at} className="text-muted-foreground">
          {formatDateTime(change.at)}
        </time>
      </p>
      <p className="break-all font-medium">{change.actorEmail ?? text.system}</p>
      {change.ipAddress && <p className="break-all text-muted-foreground">{formatMessage(securityMessages.ip, { ip: change.ipAddress })}</p>}
      {fields && <p>{fields}</p>}
      {change.detail && <p className="break-all text-muted-foreground">{change.detail}</p>}
    </li>
  );
}
