import { useId } from 'react';
import { Laptop, Smartphone } from 'lucide-react';
import { formatMessage } from '@shared/messages';
import type { DeviceSession } from '@shared/schemas/devices';
import { devicesMessages as text } from '@shared/staff-messages/devices';
import { QueryState } from '@web/components/query-state';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { toast } from '@web/lib/lazy-toaster';
import { type SessionsOf, useEndSession, useSessions } from './api/sessions';

const PHONE_SYSTEMS = new Set(['iOS', 'Android', 'iPadOS']);

export const deviceName = (session: Pick<DeviceSession, 'browser' | 'system'>) =>
  formatMessage(text.deviceName, { browser: session.browser ?? text.unknownBrowser, system: session.system ?? text.unknownSystem });

/** The open sessions of an account, each with 'Cerrar sesión' but the one this page runs in. */
export function SessionList({ of, empty }: { of: SessionsOf; empty: string }) {
  const sessions = useSessions(of);
  if (!sessions.data) return <QueryState query={sessions} />;
  if (sessions.data.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="divide-y">
      {sessions.data.map((session) => (
        <SessionRow key={session.id} of={of} session={session} />
      ))}
    </ul>
  );
}

function SessionRow({ of, session }: { of: SessionsOf; session: DeviceSession }) {
  const end = useEndSession(of);
  const nameId = useId();
  const Icon = session.system && PHONE_SYSTEMS.has(session.system) ? Smartphone : Laptop;
  const where = [session.place && formatMessage(text.from, { place: session.place }), session.ipAddress && formatMessage(text.ip, { ip: session.ipAddress })]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0 text-sm">
          <p id={nameId} className="flex flex-wrap items-center gap-2 font-medium">
            {deviceName(session)}
            {session.current && <Badge variant="success">{text.thisDevice}</Badge>}
          </p>
          {where && <p className="break-all text-muted-foreground">{where}</p>}
          <p className="text-muted-foreground">{formatMessage(text.lastUse, { when: formatDateTime(session.lastSeenAt) })}</p>
          <p className="text-muted-foreground">{formatMessage(text.signedIn, { when: formatDateTime(session.createdAt) })}</p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          className="self-start sm:self-center"
          aria-describedby={nameId}
          disabled={end.isPending}
          onClick={() => end.mutate(session.id, { onSuccess: () => toast.success(text.ended), onError: (error) => toast.error(errorMessage(error)) })}
        >
          {text.endSession}
        </Button>
      )}
    </li>
  );
}
