import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import { formatMessage } from '@shared/messages';
import type { ImportPlan, ImportReport } from '@shared/schemas/import';
import { importScreenMessages } from '@shared/staff-messages/import-screen';
import { importMessages } from '@shared/staff-messages/imports';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { importReportUrl, useImportDryRun, useStartImport } from '../api/imports';
import { formatCountNumber } from './column-name';
import { ImportCounts } from './import-counts';
import { ReportRowsTable } from './report-rows-table';

const text = importScreenMessages.dryRun;

interface DryRunSectionProps {
  fileId: string;
  plan: ImportPlan;
  /** The report of this very plan; null before a dry run, or once the plan changed after it. */
  report: ImportReport | null;
  /** A dry run was made of another plan: say it must be made again. */
  stale: boolean;
  /** The file is being read again (another encoding): nothing to try or import until it is in. */
  busy: boolean;
  onReport: (report: ImportReport) => void;
  onStarted: (runId: string) => void;
}

/** 'Probar': what the import would do with every row, the rows that are not a plain 'create', and 'Importar N filas'. */
export function DryRunSection({ fileId, plan, report, stale, busy, onReport, onStarted }: DryRunSectionProps) {
  const dryRun = useImportDryRun();
  const planKey = JSON.stringify(plan);
  // A refusal belongs to the plan it was for: changing the mapping clears it.
  const [failure, setFailure] = useState<{ planKey: string; message: string } | null>(null);
  const probe = () =>
    dryRun.mutate(
      { id: fileId, plan },
      {
        onSuccess: (answer) => {
          setFailure(null);
          onReport(answer);
        },
        onError: (error) => setFailure({ planKey, message: errorMessage(error) }),
      },
    );
  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">{text.hint}</p>
        <Button type="button" className="self-start" disabled={busy || dryRun.isPending} onClick={probe}>
          {dryRun.isPending ? text.probing : text.probe}
        </Button>
        {failure?.planKey === planKey && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {failure.message}
          </p>
        )}
        {stale && !report && (
          <p role="status" className="text-sm font-medium">
            {text.stale}
          </p>
        )}
      </div>
      {report && <DryRunReport fileId={fileId} report={report} busy={busy} onStarted={onStarted} />}
    </div>
  );
}

function DryRunReport({ fileId, report, busy, onStarted }: { fileId: string; report: ImportReport; busy: boolean; onStarted: (runId: string) => void }) {
  const start = useStartImport();
  const titleId = useId();
  const [startError, setStartError] = useState<string>();
  const begin = () =>
    start.mutate(fileId, {
      onSuccess: (run) => onStarted(run.id),
      onError: (error) => setStartError(errorMessage(error)),
    });
  const startLabel = report.importable === 1 ? text.startOne : formatMessage(text.start, { count: formatCountNumber(report.importable) });
  return (
    <section aria-labelledby={titleId} className="grid min-w-0 gap-3">
      <h4 id={titleId} className="text-base font-semibold">
        {text.title}
      </h4>
      <ImportCounts counts={report.counts} labels={text.counts} label={text.title} />
      {report.rows.length > 0 ? (
        <div className="grid min-w-0 gap-2">
          <h5 className="text-sm font-medium">{text.rowsTitle}</h5>
          <ReportRowsTable rows={report.rows} label={text.rowsTitle} />
          {report.rowsLeftOut > 0 && <p className="text-sm text-muted-foreground">{formatMessage(text.rowsLeftOut, { count: formatCountNumber(report.rowsLeftOut) })}</p>}
        </div>
      ) : (
        <p className="text-sm">{text.allCreate}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={importReportUrl(fileId)} download={importMessages.report.fileName}>
            <Download aria-hidden="true" />
            {text.download}
          </a>
        </Button>
        <Button type="button" disabled={busy || report.importable === 0 || start.isPending} onClick={begin}>
          {start.isPending ? text.starting : startLabel}
        </Button>
      </div>
      {report.importable === 0 && <p className="text-sm text-muted-foreground">{text.nothing}</p>}
      {startError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {startError}
        </p>
      )}
    </section>
  );
}
