import { useId } from 'react';
import { Search } from 'lucide-react';
import { formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { QueryState } from '@web/components/query-state';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { useReservationSearch } from './api/search-reservations';
import type { TimerOf } from './service/service-day';
import { ServiceSearchList } from './service/service-view';

const text = staffMessages.admin.today;

/** 'Buscar' on Reservas (issue 22): name, email or any digits of the phone; the list below shows what matches. */
export function SearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
      <Label htmlFor={id}>{text.search}</Label>
      <div className="relative flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={id}
          type="search"
          value={value}
          maxLength={100}
          placeholder={text.searchPlaceholder}
          autoComplete="off"
          className="h-11 pl-9"
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}

/** Today's and the coming days' bookings that match, soonest first, in the service view's rows. */
export function SearchResults({ search, timerOf }: { search: string; timerOf: TimerOf | null }) {
  const results = useReservationSearch(search);
  if (!results.data) return results.isPending ? <Spinner label={text.searchLoading} className="justify-center" /> : <QueryState query={results} />;
  return (
    <section aria-busy={results.isFetching}>
      {results.data.length === 0 ? (
        <p role="status" className="py-6 text-center text-muted-foreground">
          {formatMessage(text.searchEmpty, { search })}
        </p>
      ) : (
        <ServiceSearchList reservations={results.data} label={text.searchResults} timerOf={timerOf} />
      )}
    </section>
  );
}
