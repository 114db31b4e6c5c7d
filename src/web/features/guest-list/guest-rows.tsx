import { type ReactNode, useId } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Link } from 'react-router';
import { formatMessage } from '@shared/messages';
import { formatEuros } from '@shared/rules/money';
import { GUEST_SORTS, type GuestListItem, type GuestSort } from '@shared/schemas/guest-profile';
import { guestListMessages as text } from '@shared/staff-messages/guest-list';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { fieldClassName } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { formatShortDate } from '@web/lib/format';

export interface Sorting {
  sort: GuestSort;
  dir: 'asc' | 'desc';
}

/** Every column the server sorts by, in the table's order. */
const SORTABLE = GUEST_SORTS;

const name = (guest: GuestListItem) => guest.name ?? text.noName;
const lastVisit = (guest: GuestListItem) => (guest.lastVisitOn ? formatShortDate(guest.lastVisitOn) : text.never);
const spend = (guest: GuestListItem) => (guest.spendCents === null ? '–' : formatEuros(guest.spendCents));
const average = (guest: GuestListItem) => (guest.averageParty === null ? '–' : guest.averageParty.toLocaleString('es-ES'));

const CELLS: Record<GuestSort, (guest: GuestListItem) => ReactNode> = {
  name,
  visits: (guest) => guest.visits,
  covers: (guest) => guest.covers,
  noShows: (guest) => guest.noShows,
  cancellations: (guest) => guest.cancellations,
  lastVisit,
  averageParty: average,
  spend,
};

function Tags({ guest }: { guest: GuestListItem }) {
  if (guest.tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={text.columns.tags}>
      {guest.tags.map((tag) => (
        <li key={tag}>
          <Badge variant="outline">{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}

function Contact({ guest }: { guest: GuestListItem }) {
  return (
    <span className="flex flex-col text-xs text-muted-foreground">
      {guest.phone && <span className="tabular-nums">{guest.phone}</span>}
      {guest.email && <span className="break-all">{guest.email}</span>}
    </span>
  );
}

function SortHeader({ column, sorting, onSort }: { column: GuestSort; sorting: Sorting; onSort: (next: Sorting) => void }) {
  const active = sorting.sort === column;
  const next: Sorting = { sort: column, dir: active && sorting.dir === 'desc' ? 'asc' : 'desc' };
  return (
    <th scope="col" aria-sort={active ? (sorting.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className="px-2 py-1 text-left font-medium">
      <Button variant="ghost" size="sm" className="min-h-11 px-1" onClick={() => onSort(next)} aria-label={formatMessage(text.sortBy, { column: text.columns[column] })}>
        {text.columns[column]}
        {active && (sorting.dir === 'asc' ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />)}
      </Button>
    </th>
  );
}

/** On a phone, where the table's headers are not shown: the order as two choices. */
export function SortChoice({ sorting, onSort }: { sorting: Sorting; onSort: (next: Sorting) => void }) {
  const id = useId();
  return (
    <div className="grid grid-cols-2 gap-2 md:hidden">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>{text.sortLabel}</Label>
        <select id={id} className={cn(fieldClassName, 'h-11')} value={sorting.sort} onChange={(event) => onSort({ ...sorting, sort: event.target.value as GuestSort })}>
          {SORTABLE.map((column) => (
            <option key={column} value={column}>
              {text.columns[column]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-dir`}>{text.direction}</Label>
        <select id={`${id}-dir`} className={cn(fieldClassName, 'h-11')} value={sorting.dir} onChange={(event) => onSort({ ...sorting, dir: event.target.value as Sorting['dir'] })}>
          <option value="desc">{text.descending}</option>
          <option value="asc">{text.ascending}</option>
        </select>
      </div>
    </div>
  );
}

interface RowsProps {
  items: GuestListItem[];
}

/** The guest's profile page: a link, so it opens by keyboard, in a new tab, and back returns to the list. */
export const guestProfileHref = (id: string) => `/admin?tab=clientes&cliente=${encodeURIComponent(id)}`;

function GuestLink({ guest, className }: { guest: GuestListItem; className?: string }) {
  return (
    <Link
      to={guestProfileHref(guest.id)}
      className={cn('inline-flex min-h-11 items-center text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2', className)}
    >
      {name(guest)}
    </Link>
  );
}

/** From a laptop up: one row per guest, every column sortable. */
export function GuestTable({ items, sorting, onSort }: RowsProps & { sorting: Sorting; onSort: (next: Sorting) => void }) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b">
            <SortHeader column="name" sorting={sorting} onSort={onSort} />
            <th scope="col" className="px-2 py-1 text-left font-medium">
              {text.columns.contact}
            </th>
            {SORTABLE.slice(1).map((column) => (
              <SortHeader key={column} column={column} sorting={sorting} onSort={onSort} />
            ))}
            <th scope="col" className="px-2 py-1 text-left font-medium">
              {text.columns.tags}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((guest) => (
            <tr key={guest.id} className="border-b align-top last:border-0">
              <th scope="row" className="px-2 py-2 text-left font-medium">
                <GuestLink guest={guest} />
              </th>
              <td className="px-2 py-2">
                <Contact guest={guest} />
              </td>
              {SORTABLE.slice(1).map((column) => (
                <td key={column} className="px-2 py-2 tabular-nums">
                  {CELLS[column](guest)}
                </td>
              ))}
              <td className="px-2 py-2">
                <Tags guest={guest} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone: one card per guest, its figures as a list. */
export function GuestCards({ items }: RowsProps) {
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {items.map((guest) => (
        <li key={guest.id}>
          <Card className="flex flex-col gap-2 p-4">
            <GuestLink guest={guest} className="text-base font-semibold" />
            <Contact guest={guest} />
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {SORTABLE.slice(1).map((column) => (
                <div key={column} className="flex justify-between gap-2">
                  <dt className="text-muted-foreground">{text.columns[column]}</dt>
                  <dd className="tabular-nums">{CELLS[column](guest)}</dd>
                </div>
              ))}
            </dl>
            <Tags guest={guest} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
