import { devicesMessages as text } from '@shared/staff-messages/devices';
import { Button } from '@web/components/ui/button';
import { TitledCard } from '@web/components/titled-card';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/lazy-toaster';
import { useEndOtherSessions, useSessions } from './api/sessions';
import { SessionList } from './session-list';

const OWN = { kind: 'own' } as const;

/** 'Mis dispositivos' in 'Mi cuenta' (issue 44): where the account is signed in, and ending those sessions. */
export function DevicesCard() {
  const sessions = useSessions(OWN);
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  return (
    <TitledCard title={text.title} description={text.description}>
      <SessionList of={OWN} empty={text.noOthers} />
      {others > 0 ? (
        <Button
          variant="outline"
          className="self-start"
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate(undefined, { onSuccess: () => toast.success(text.othersEnded), onError: (error) => toast.error(errorMessage(error)) })}
        >
          {text.endOthers}
        </Button>
      ) : (
        sessions.data && <p className="text-sm text-muted-foreground">{text.noOthers}</p>
      )}
    </TitledCard>
  );
}
