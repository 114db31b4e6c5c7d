import { useId } from 'react';
import { formatMessage } from '@shared/messages';
import { IMPORT_ENCODINGS, type ImportEncoding, type ImportFile } from '@shared/schemas/import';
import { importScreenMessages } from '@shared/staff-messages/import-screen';
import { FormField } from '@web/components/ui/form-field';
import { fieldClassName } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { formatCountNumber } from './column-name';

const text = importScreenMessages.file;

/**
 * The file as read: its rows and encoding. A CSV can be read again in another encoding, which the warning asks for
 * when the server finds the text garbled ('EspaÃ±a').
 */
export function FileSummary({ file, onEncoding, reading }: { file: ImportFile; onEncoding: (encoding: ImportEncoding) => void; reading: boolean }) {
  const encodingId = useId();
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="break-words font-medium">{formatMessage(text.summary, { file: file.fileName, rows: formatCountNumber(file.rowCount) })}</p>
      <p className="text-muted-foreground">{file.encoding ? formatMessage(text.encoding, { encoding: text.encodings[file.encoding] }) : text.xlsx}</p>
      {file.garbled && (
        <p role="alert" className="rounded-md border border-yellow-300 bg-yellow-50 p-3 font-medium text-yellow-900">
          {text.garbled}
        </p>
      )}
      {file.encoding && (
        <FormField id={encodingId} label={text.encodingSelect} className="max-w-sm">
          {(control) => (
            <select
              {...control}
              className={cn(fieldClassName, 'h-11')}
              value={file.encoding ?? ''}
              disabled={reading}
              onChange={(event) => onEncoding(event.target.value as ImportEncoding)}
            >
              {IMPORT_ENCODINGS.map((encoding) => (
                <option key={encoding} value={encoding}>
                  {text.encodings[encoding]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      {file.mappingName && <p className="text-muted-foreground">{formatMessage(text.savedApplied, { name: file.mappingName })}</p>}
    </div>
  );
}
