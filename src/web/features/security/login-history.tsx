import { useState } from 'react';
import { formatMessage } from '@shared/messages';
import { securityMessages } from '@shared/staff-messages/security';
import type { LoginAttempt } from '@shared/schemas/auth';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { TitledCard } from '@web/components/titled-card';
import { Spinner } from '@web/components/ui/spinner';
import { useLoginAttempts, type LoginAttemptsLimit } from './api/get-login-attempts';
import { formatDateTime } from '@web/lib/format';
import { QueryState } from '@web/components/query-state';
import { LOGIN_HISTORY_ALL_ROWS, LOGIN_HISTORY_ROWS } from '@shared/limits';

const text = securityMessages;

/** Reasons the server records that deserve a word in the row. */
const REASON_NOTES: Partial<Record<string, string>> = {
  unauthorized_admin_access: text.unauthorizedAdminAccess,
  wrong_code: text.wrongCode,
  code_locked: text.codeLocked,
  recovery_code: text.recoveryCodeUsed,
  passkey: text.passkeyUsed,
  passkey_refused: text.passkeyRefused,
};

export function LoginHistory() {
  const [limit, setLimit] = useState<LoginAttemptsLimit>(20);
  const attempts = useLoginAttempts(limit);
  const rows = attempts.data;

  return (
    <TitledCard title={text.history}>
      {rows ? (
        rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{text.noAttempts}</p>
        ) : (
          <ul className="divide-y" aria-busy={attempts.isPlaceholderData}>
            {rows.map((attempt) => (
              <AttemptRow key={attempt.id} attempt={attempt} />
            ))}
          </ul>
        )
      ) : (
        <QueryState query={attempts} />
      )}
      {rows && (
        <div className="flex items-center gap-3">
          <Button
            variant="outline"
            size="sm"
            disabled={attempts.isPlaceholderData}
            onClick={() => setLimit(limit === LOGIN_HISTORY_ROWS ? LOGIN_HISTORY_ALL_ROWS : LOGIN_HISTORY_ROWS)}
          >
            {limit === LOGIN_HISTORY_ROWS ? text.showAll : text.showLess}
          </Button>
          {attempts.isPlaceholderData && <Spinner className="text-muted-foreground" />}
        </div>
      )}
    </TitledCard>
  );
}

function AttemptRow({ attempt }: { attempt: LoginAttempt }) {
  const note = attempt.reason ? REASON_NOTES[attempt.reason] : undefined;
  return (
    <li className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="break-all font-medium">{attempt.email}</p>
        <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
          <time dateTime={attempt.attemptTime}>{formatDateTime(attempt.attemptTime)}</time>
          {attempt.ipAddress && <span className="break-all">{formatMessage(text.ip, { ip: attempt.ipAddress })}</span>}
        </p>
        {note && <p className="text-sm font-medium text-red-800">{note}</p>}
      </div>
      <Badge variant={attempt.success ? 'success' : 'danger'}>{attempt.success ? text.success : text.failure}</Badge>
    </li>
  );
}
