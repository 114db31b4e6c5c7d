import { useEffect, useRef } from 'react';
import { formatMessage } from '@shared/messages';
import type { ImportRun } from '@shared/schemas/import';
import { importScreenMessages } from '@shared/staff-messages/import-screen';
import { QueryState } from '@web/components/query-state';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useImportRun } from '../api/imports';
import { formatCountNumber } from './column-name';
import { ImportCounts } from './import-counts';
import { ReportRowsTable } from './report-rows-table';
import { UndoImport } from './undo-import';

const text = importScreenMessages.progress;

/** The import under way: its progress bar, asked for every second, then what it did and 'Deshacer importación'. */
export function ImportProgress({ id, onAnother }: { id: string; onAnother: () => void }) {
  const query = useImportRun(id);
  const run = query.data;
  // The button pressed ('Importar N filas') has gone with its card: the focus comes here.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <Card>
      <CardHeader>
        <CardTitle ref={title} tabIndex={-1} className="outline-none">
          {text.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {run ? <RunState run={run} /> : <QueryState query={query} />}
        <Button type="button" variant="outline" className="self-start" onClick={onAnother}>
          {text.another}
        </Button>
      </CardContent>
    </Card>
  );
}

function RunState({ run }: { run: ImportRun }) {
  const finished = run.status === 'done' || run.status === 'undone';
  return (
    <div className="flex min-w-0 flex-col gap-3">
      {/* Present from the start, so that the end is announced when it comes. */}
      <p role="status" className="font-medium">
        {run.status === 'done' ? text.done : run.status === 'undone' ? text.undone : ''}
      </p>
      {!finished && <ProgressBar done={run.processedRows} total={run.rowCount} />}
      {finished && (
        <>
          <ImportCounts counts={run.counts} labels={text.counts} label={text.title} />
          {run.listed.length > 0 && (
            <div className="grid min-w-0 gap-2">
              <h4 className="text-sm font-medium">{text.listedTitle}</h4>
              <ReportRowsTable rows={run.listed} label={text.listedTitle} />
            </div>
          )}
          <UndoImport run={run} />
        </>
      )}
    </div>
  );
}

/** 'Importando… X de N filas', as text and as a progress bar. */
export function ProgressBar({ done, total }: { done: number; total: number }) {
  const label = formatMessage(text.running, { done: formatCountNumber(done), total: formatCountNumber(total) });
  const share = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm" aria-hidden="true">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={text.barLabel}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={label}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}
