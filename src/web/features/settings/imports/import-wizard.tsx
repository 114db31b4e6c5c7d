import { useState } from 'react';
import { IMPORT_FILE_MAX_BYTES, type ImportEncoding, type ImportField, type ImportFile, type ImportKind, type ImportPlan, type ImportReport } from '@shared/schemas/import';
import { importScreenMessages } from '@shared/staff-messages/import-screen';
import { importMessages } from '@shared/staff-messages/imports';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api';
import { useUploadImportFile } from '../api/imports';
import { ColumnMapping } from './column-mapping';
import { DryRunSection } from './dry-run-section';
import { FileSummary } from './file-summary';
import { ImportProgress } from './import-progress';
import { PreviewTable } from './preview-table';
import { SavedMappings } from './saved-mappings';
import { type PlanChoices, UploadCard } from './upload-card';

/** A file read by the server, and the mapping the owner is making of it. */
interface ReadFile {
  source: File;
  file: ImportFile;
  mapping: (ImportField | null)[];
}

/**
 * The import, one step under another: the file and what it holds, its columns mapped, the dry run, then the import's
 * progress and result. The dry run's report belongs to the plan it was made of: any change hides it until 'Probar'.
 */
export function ImportWizard() {
  const upload = useUploadImportFile();
  const [read, setRead] = useState<ReadFile | null>(null);
  const [readError, setReadError] = useState<string>();
  // Null until the owner chooses: a file with a date column is taken for bookings.
  const [chosenKind, setChosenKind] = useState<ImportKind | null>(null);
  const [choices, setChoices] = useState<Omit<PlanChoices, 'kind'>>({ lawfulBasis: 'contract', notifyGuests: false });
  const [checked, setChecked] = useState<{ fileId: string; planKey: string; report: ImportReport } | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const kind = chosenKind ?? (read?.mapping.includes('date') ? 'reservations' : 'guests');
  const plan: ImportPlan | null = read && {
    kind,
    mapping: read.mapping,
    lawfulBasis: choices.lawfulBasis,
    notifyGuests: kind === 'reservations' && choices.notifyGuests,
  };
  const planKey = JSON.stringify(plan);
  const current = checked && read && checked.fileId === read.file.id;
  const report = current && checked.planKey === planKey ? checked.report : null;

  const readFile = (source: File, encoding: ImportEncoding | 'auto') => {
    if (source.size > IMPORT_FILE_MAX_BYTES) {
      setRead(null);
      setReadError(importMessages.errors.tooLarge);
      return;
    }
    setReadError(undefined);
    setRunId(null);
    upload.mutate(
      { file: source, encoding },
      {
        onSuccess: (file) => setRead({ source, file, mapping: file.mapping }),
        onError: (error) => {
          setRead(null);
          setReadError(errorMessage(error));
        },
      },
    );
  };
  const setMapping = (mapping: (ImportField | null)[]) => setRead((previous) => previous && { ...previous, mapping });
  const mapColumn = (index: number, field: ImportField | null) => read && setMapping(read.mapping.map((value, at) => (at === index ? field : value)));
  const reset = () => {
    setRead(null);
    setChecked(null);
    setRunId(null);
    setInputKey((key) => key + 1);
  };

  return (
    <div className="grid min-w-0 gap-6">
      <UploadCard
        choices={{ ...choices, kind }}
        onChoices={({ kind: nextKind, ...rest }) => {
          if (nextKind) setChosenKind(nextKind);
          setChoices((previous) => ({ ...previous, ...rest }));
        }}
        onFile={(source) => readFile(source, 'auto')}
        reading={upload.isPending}
        error={readError}
        inputKey={inputKey}
      />
      {runId ? (
        <ImportProgress id={runId} onAnother={reset} />
      ) : (
        read &&
        plan && (
          <>
            <Card>
              <CardHeader>
                <CardTitle>{read.file.fileName}</CardTitle>
              </CardHeader>
              <CardContent className="flex min-w-0 flex-col gap-6">
                <FileSummary file={read.file} reading={upload.isPending} onEncoding={(encoding) => readFile(read.source, encoding)} />
                <SavedMappings
                  headers={read.file.headers}
                  mapping={read.mapping}
                  kind={kind}
                  onApply={(mapping, savedKind) => {
                    setMapping(mapping);
                    setChosenKind(savedKind);
                  }}
                />
                <ColumnMapping headers={read.file.headers} preview={read.file.preview} mapping={read.mapping} onChange={mapColumn} />
                <PreviewTable headers={read.file.headers} preview={read.file.preview} mapping={read.mapping} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{importScreenMessages.dryRun.cardTitle}</CardTitle>
              </CardHeader>
              <CardContent>
                <DryRunSection
                  fileId={read.file.id}
                  plan={plan}
                  report={report}
                  stale={Boolean(current)}
                  busy={upload.isPending}
                  onReport={(answer) => setChecked({ fileId: read.file.id, planKey, report: answer })}
                  onStarted={setRunId}
                />
              </CardContent>
            </Card>
          </>
        )
      )}
    </div>
  );
}
