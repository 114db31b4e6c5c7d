import { IMPORT_OUTCOMES, type ImportCounts as Counts, type ImportOutcome } from '@shared/schemas/import';
import { formatCountNumber } from './column-name';

/** The four outcomes' counts on one line ('Se crean 3 · Se unen a clientes existentes 1 · …'), each with its label. */
export function ImportCounts({ counts, labels, label }: { counts: Counts; labels: Record<ImportOutcome, string>; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {IMPORT_OUTCOMES.map((outcome) => (
        <li key={outcome}>
          {labels[outcome]} <strong className="tabular-nums">{formatCountNumber(counts[outcome])}</strong>
        </li>
      ))}
    </ul>
  );
}
