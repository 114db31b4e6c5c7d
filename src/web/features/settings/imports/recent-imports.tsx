import { formatMessage } from '@shared/messages';
import type { ImportRun } from '@shared/schemas/import';
import { importScreenMessages } from '@shared/staff-messages/import-screen';
import { importMessages } from '@shared/staff-messages/imports';
import { Badge } from '@web/components/ui/badge';
import { formatDateTime } from '@web/lib/format';
import { useImportRuns } from '../api/imports';
import { QueryCard } from '../fields/query-card';
import { formatCountNumber } from './column-name';
import { ImportCounts } from './import-counts';
import { ProgressBar } from './import-progress';
import { UndoImport } from './undo-import';

const text = importScreenMessages.recent;
const STATUS_VARIANTS = { checked: 'outline', queued: 'info', running: 'info', done: 'success', undone: 'secondary' } as const;

/** 'Importaciones recientes': the latest 10, their state, and 'Deshacer importación' while it is offered. */
export function RecentImports() {
  return (
    <QueryCard title={text.title} intro={text.intro} query={useImportRuns()}>
      {(runs) =>
        runs.length === 0 ? (
          <p className="text-sm">{text.empty}</p>
        ) : (
          <ul aria-label={text.listLabel} className="flex flex-col gap-2">
            {runs.map((run) => (
              <RecentImport key={run.id} run={run} />
            ))}
          </ul>
        )
      }
    </QueryCard>
  );
}

function RecentImport({ run }: { run: ImportRun }) {
  const active = run.status === 'queued' || run.status === 'running';
  return (
    <li aria-label={run.fileName} className="grid min-w-0 gap-2 rounded-md border p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="break-all font-medium">{run.fileName}</span>
        <Badge variant={STATUS_VARIANTS[run.status]}>{text.statuses[run.status]}</Badge>
      </p>
      <p className="text-muted-foreground">
        {importMessages.kinds[run.kind]} · {formatMessage(text.rows, { count: formatCountNumber(run.rowCount) })} ·{' '}
        {formatMessage(text.createdAt, { date: formatDateTime(run.createdAt) })}
      </p>
      {active && <ProgressBar done={run.processedRows} total={run.rowCount} />}
      {(run.status === 'done' || run.status === 'undone') && <ImportCounts counts={run.counts} labels={importScreenMessages.progress.counts} label={run.fileName} />}
      <UndoImport run={run} />
    </li>
  );
}
