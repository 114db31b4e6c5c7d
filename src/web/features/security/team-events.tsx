import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { formatMessage } from '@shared/messages';
import { teamEventSchema } from '@shared/schemas/team';
import { securityMessages } from '@shared/staff-messages/security';
import { teamMessages } from '@shared/staff-messages/team';
import { QueryState } from '@web/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { apiFetch } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { liveKey } from '@web/lib/live-key';

const text = teamMessages.events;
const teamEventsSchema = z.array(teamEventSchema);

/** 'Cambios en el equipo' (issue 20): invitations, roles and deactivations, who did them and when. */
export function TeamEvents() {
  const events = useQuery({
    queryKey: liveKey('team_events', 'events'),
    queryFn: ({ signal }) => apiFetch('/api/admin/team/events', { schema: teamEventsSchema, signal }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
      </CardHeader>
      <CardContent>
        {events.data ? (
          events.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{text.empty}</p>
          ) : (
            <ul className="divide-y text-sm">
              {events.data.map((event, index) => (
                <li key={index} className="py-2">
                  <p className="font-medium">
                    {formatMessage(text.line, {
                      action: text.actions[event.action],
                      target: event.targetEmail,
                      role: event.role ? ` (${teamMessages.roles[event.role]})` : '',
                    })}
                  </p>
                  <p className="text-muted-foreground">
                    {formatDateTime(event.at)} · {event.actorEmail ?? text.self}
                    {event.ipAddress && ` · ${formatMessage(securityMessages.ip, { ip: event.ipAddress })}`}
                  </p>
                </li>
              ))}
            </ul>
          )
        ) : (
          <QueryState query={events} />
        )}
      </CardContent>
    </Card>
  );
}
