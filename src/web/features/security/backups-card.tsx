import { type MouseEvent, useId } from 'react';
import { Download } from 'lucide-react';
import { formatMessage } from '@shared/messages';
import { backupsMessages } from '@shared/staff-messages/security';
import type { BackupRun } from '@shared/schemas/backup';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { HeadedSection } from '@web/components/headed-section';
import { TitledCard } from '@web/components/titled-card';
import { BACKUP_DOWNLOAD_URL, useBackupStatus } from './api/get-backup-status';
import { apiFetch, errorMessage } from '@web/lib/api';
import { formatBytes, formatDateTime } from '@web/lib/format';
import { toast } from '@web/lib/lazy-toaster';
import { QueryState } from '@web/components/query-state';

const text = backupsMessages;

/**
 * A backup leaves only after a fresh sign-in (issue 44): asked first through the API, where a stale session gets the
 * confirmation dialog; then the link is followed. A refusal is toasted instead of a JSON file saved to disk.
 */
function downloadAfterFreshSignIn(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  apiFetch('/api/admin/account/fresh-sign-in').then(
    () => window.location.assign(BACKUP_DOWNLOAD_URL),
    (error: unknown) => toast.error(errorMessage(error)),
  );
}

/** The last nightly backup (whichever instance took it) and a fresh copy to download. */
export function BackupsCard() {
  const status = useBackupStatus();
  const helpId = useId();
  const data = status.data;
  const { hour, keep } = data?.schedule ?? { hour: null, keep: 0 };
  return (
    <TitledCard title={text.title}>
      {data ? (
        <>
          <p className="text-sm text-muted-foreground">
            {hour === null
              ? text.scheduleOff
              : formatMessage(text.schedule, { hour: `${String(hour).padStart(2, '0')}:00`, keep })}
          </p>
          {data.latest ? <LastBackup run={data.latest} /> : <p className="text-sm">{text.none}</p>}
        </>
      ) : (
        <QueryState query={status} />
      )}
      <div className="flex flex-col gap-2">
        <Button asChild size="lg" variant="outline" className="self-start">
          <a href={BACKUP_DOWNLOAD_URL} download aria-describedby={helpId} onClick={downloadAfterFreshSignIn}>
            <Download aria-hidden="true" />
            {text.download}
          </a>
        </Button>
        <p id={helpId} className="text-sm text-muted-foreground">
          {text.downloadHelp}
        </p>
      </div>
    </TitledCard>
  );
}

function LastBackup({ run }: { run: BackupRun }) {
  const result = run.error ? (
    <Badge variant="danger">{text.failed}</Badge>
  ) : run.finishedAt ? (
    <Badge variant="success">{text.succeeded}</Badge>
  ) : (
    <Badge variant="info">{text.running}</Badge>
  );
  return (
    <HeadedSection title={text.lastBackup} level={3} headingClassName="font-medium" className="flex flex-col gap-2">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{text.takenAt}</dt>
        <dd>
          <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
        </dd>
        <dt className="text-muted-foreground">{text.size}</dt>
        <dd>{run.sizeBytes === null ? '—' : formatBytes(run.sizeBytes)}</dd>
        <dt className="text-muted-foreground">{text.result}</dt>
        <dd className="flex flex-col gap-1">
          {result}
          {run.error && <span className="break-all text-red-800">{run.error}</span>}
        </dd>
        <dt className="text-muted-foreground">{text.file}</dt>
        <dd className="break-all">{formatMessage(text.fileOn, { file: run.fileName, instance: run.instance })}</dd>
      </dl>
    </HeadedSection>
  );
}
