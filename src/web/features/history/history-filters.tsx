import { useId, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import { messages } from '@shared/messages';
import { historyMessages } from '@shared/staff-messages/history';
import { statisticsMessages } from '@shared/staff-messages/statistics';
import { ARRIVAL_STATUSES, RESERVATION_STATUSES, type ArrivalStatus, type ReservationStatus } from '@shared/schemas/reservation';
import { HISTORY_SORT_FIELDS, type HistoryQuery } from '@shared/schemas/reservation-history';
import { Button } from '@web/components/ui/button';
import { fieldClassName, Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { historySearchParams } from './api/get-history';

const text = historyMessages;

export type SortField = (typeof HISTORY_SORT_FIELDS)[number];

export interface HistoryFilters {
  from: string;
  to: string;
  status: ReservationStatus | '';
  arrivalStatus: ArrivalStatus | '';
  q: string;
  sort: SortField;
  direction: 'desc' | 'asc';
}

export const EMPTY_FILTERS: HistoryFilters = {
  from: '',
  to: '',
  status: '',
  arrivalStatus: '',
  q: '',
  sort: 'reservation_date',
  direction: 'desc',
};

const SORT_LABELS: Record<SortField, string> = {
  reservation_date: text.sortFields.reservationDate,
  reservation_time: text.sortFields.reservationTime,
  created_at: text.sortFields.createdAt,
  customer_name: text.sortFields.customerName,
};

const selectClassName = cn(fieldClassName, 'h-10');

export function HistoryFiltersForm({
  filters,
  onChange,
}: {
  filters: HistoryFilters;
  onChange: (filters: HistoryFilters) => void;
}) {
  const set = <K extends keyof HistoryFilters>(name: K, value: HistoryFilters[K]) => onChange({ ...filters, [name]: value });
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const isEmpty = (Object.keys(EMPTY_FILTERS) as (keyof HistoryFilters)[]).every((key) => filters[key] === EMPTY_FILTERS[key]);

  return (
    <form
      role="search"
      aria-label={text.filters}
      className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <Field id={id('q')} label={text.search} className="sm:col-span-2 lg:col-span-4">
        <Input id={id('q')} type="search" value={filters.q} maxLength={100} onChange={(event) => set('q', event.target.value)} />
      </Field>
      <Field id={id('from')} label={text.startDate}>
        <Input
          id={id('from')}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => set('from', event.target.value)}
        />
      </Field>
      <Field id={id('to')} label={text.endDate}>
        <Input
          id={id('to')}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => set('to', event.target.value)}
        />
      </Field>
      <Field id={id('status')} label={text.status}>
        <select
          id={id('status')}
          className={selectClassName}
          value={filters.status}
          onChange={(event) => set('status', event.target.value as HistoryFilters['status'])}
        >
          <option value="">{text.all}</option>
          {RESERVATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {messages.reservationStatus[status]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('arrival')} label={text.arrivalStatus}>
        <select
          id={id('arrival')}
          className={selectClassName}
          value={filters.arrivalStatus}
          onChange={(event) => set('arrivalStatus', event.target.value as HistoryFilters['arrivalStatus'])}
        >
          <option value="">{text.all}</option>
          {ARRIVAL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {messages.arrivalStatus[status]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('sort')} label={text.sortBy}>
        <select
          id={id('sort')}
          className={selectClassName}
          value={filters.sort}
          onChange={(event) => set('sort', event.target.value as SortField)}
        >
          {HISTORY_SORT_FIELDS.map((field) => (
            <option key={field} value={field}>
              {SORT_LABELS[field]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('direction')} label={text.direction}>
        <select
          id={id('direction')}
          className={selectClassName}
          value={filters.direction}
          onChange={(event) => set('direction', event.target.value as HistoryFilters['direction'])}
        >
          <option value="desc">{text.descending}</option>
          <option value="asc">{text.ascending}</option>
        </select>
      </Field>
      <div className="flex items-end sm:col-span-2 lg:col-span-2 lg:justify-end">
        <Button variant="outline" className="w-full sm:w-auto" disabled={isEmpty} onClick={() => onChange(EMPTY_FILTERS)}>
          {text.clearFilters}
        </Button>
      </div>
    </form>
  );
}

/** Downloads every reservation matching the filters, in the list's order, as a CSV file (the page is left out). */
export function ExportCsvLink({ query }: { query: HistoryQuery }) {
  const params = historySearchParams({ ...query, page: undefined });
  return (
    <Button asChild variant="outline" className="self-start">
      <a href={`/api/admin/reservations/export.csv?${params.toString()}`} download>
        <Download aria-hidden="true" />
        {statisticsMessages.exportCsv}
      </a>
    </Button>
  );
}

function Field({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
