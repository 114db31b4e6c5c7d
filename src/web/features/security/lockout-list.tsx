import { useId } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { securityMessages } from '@shared/staff-messages/security';
import type { AccountLockout } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api';
import { useLockouts } from './api/get-lockouts';
import { useUnlockAccount } from './api/unlock-account';
import { formatDateTime } from '@web/lib/format';
import { QueryState } from '@web/components/query-state';

const text = securityMessages;

export function LockoutList() {
  const lockouts = useLockouts();
  const unlock = useUnlockAccount();
  const onUnlock = (email: string) =>
    unlock.mutate(email, {
      onSuccess: () => toast.success(staffMessages.admin.toasts.accountUnlocked),
      onError: (error) => toast.error(staffMessages.admin.errors.unlockAccount, { description: errorMessage(error) }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.activeLockouts}</CardTitle>
      </CardHeader>
      <CardContent>
        {lockouts.data ? (
          lockouts.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{text.noLockouts}</p>
          ) : (
            <ul className="divide-y">
              {lockouts.data.map((lockout) => (
                <LockoutRow
                  key={lockout.id}
                  lockout={lockout}
                  isUnlocking={unlock.isPending && unlock.variables === lockout.email}
                  onUnlock={onUnlock}
                />
              ))}
            </ul>
          )
        ) : (
          <QueryState query={lockouts} />
        )}
      </CardContent>
    </Card>
  );
}

function LockoutRow({
  lockout,
  isUnlocking,
  onUnlock,
}: {
  lockout: AccountLockout;
  isUnlocking: boolean;
  onUnlock: (email: string) => void;
}) {
  // The button is named 'Desbloquear' and described by the row's email, which tells the rows apart.
  const emailId = useId();
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p id={emailId} className="break-all font-medium">
          {lockout.email}
        </p>
        <p className="text-sm text-muted-foreground">
          {formatMessage(text.failedAttemptsCount, { count: lockout.failedAttempts })}
        </p>
        <p className="text-sm text-muted-foreground">
          {formatMessage(text.lockedUntil, { time: formatDateTime(lockout.lockedUntil) })}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-center"
        aria-describedby={emailId}
        disabled={isUnlocking}
        onClick={() => onUnlock(lockout.email)}
      >
        {staffMessages.admin.actions.unblock}
      </Button>
    </li>
  );
}
