import { useId } from 'react';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import { addDays } from '@shared/rules/madrid-time';
import type { StatisticsQuery } from '@shared/schemas/statistics';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

const text = statisticsMessages;

/** The last `days` days up to `today`, both included. */
export const lastDays = (today: string, days: number): StatisticsQuery => ({ from: addDays(today, 1 - days), to: today });

const thisMonth = (today: string): StatisticsQuery => ({ from: `${today.slice(0, 8)}01`, to: today });

export function RangePicker({
  range,
  today,
  error,
  onChange,
}: {
  range: StatisticsQuery;
  /** Madrid's today, the end of every quick range. */
  today: string;
  /** Why the typed range is refused, shown under the dates. */
  error: string | null;
  onChange: (range: StatisticsQuery) => void;
}) {
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const quick = [
    { label: text.last7, range: lastDays(today, 7) },
    { label: text.last30, range: lastDays(today, 30) },
    { label: text.thisMonth, range: thisMonth(today) },
  ];
  const dateField = (name: keyof StatisticsQuery, label: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${baseId}-${name}`}>{label}</Label>
      <Input
        id={`${baseId}-${name}`}
        type="date"
        value={range[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange({ ...range, [name]: event.target.value })}
      />
    </div>
  );

  return (
    <form
      aria-label={text.range}
      className="flex flex-wrap items-end gap-3 rounded-lg border bg-card p-4"
      onSubmit={(event) => event.preventDefault()}
    >
      {dateField('from', text.from)}
      {dateField('to', text.to)}
      <div className="flex flex-wrap gap-2">
        {quick.map((option) => (
          <Button
            key={option.label}
            variant="outline"
            size="sm"
            aria-pressed={option.range.from === range.from && option.range.to === range.to}
            onClick={() => onChange(option.range)}
          >
            {option.label}
          </Button>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="w-full text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
