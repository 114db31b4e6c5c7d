import { Suspense, useId } from 'react';
import { useSearchParams } from 'react-router';
import { formatCount } from '@shared/messages';
import { GUEST_SEGMENTS, type GuestListQuery, type GuestSegment } from '@shared/schemas/guest-profile';
import { guestListMessages as text } from '@shared/staff-messages/guest-list';
import { Pager } from '@web/components/pager';
import { QueryState } from '@web/components/query-state';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { preloadableLazy } from '@web/lib/preloadable-lazy';
import { useRememberedState } from '@web/lib/remembered-state';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useGuestList } from './api/get-guest-list';
import { GuestCards, GuestTable, SortChoice, type Sorting } from './guest-rows';

const PAGER_TEXTS = { label: text.pagination, previous: text.previous, next: text.next, pageOf: text.page };

// The profile page and its texts are a chunk of their own, fetched when a guest is opened.
const GuestProfilePage = preloadableLazy(() => import('@web/features/guest-profile/guest-profile-page').then((m) => ({ default: m.GuestProfilePage })));

/** 'Clientes' (issue 47): the guest list, or one guest's profile page at ?cliente=<id>. */
export function GuestListTab() {
  const [searchParams] = useSearchParams();
  const guestId = searchParams.get('cliente');
  if (!guestId) return <GuestList />;
  return (
    <Suspense fallback={<Spinner className="text-muted-foreground" />}>
      <GuestProfilePage key={guestId} guestId={guestId} />
    </Suspense>
  );
}

/** Every guest with their figures, searched, grouped by segment, sorted and paged by the server. */
function GuestList() {
  const searchId = useId();
  const [search, setSearch] = useRememberedState('guests.search', () => '');
  const [segment, setSegment] = useRememberedState<GuestSegment | null>('guests.segment', () => null);
  const [sorting, setSorting] = useRememberedState<Sorting>('guests.sorting', () => ({ sort: 'lastVisit', dir: 'desc' }));
  const [page, setPage] = useRememberedState('guests.page', () => 1);
  const q = useDebouncedValue(search.trim());
  const query: GuestListQuery = { q, ...(segment ? { segment } : {}), ...sorting, page };
  const list = useGuestList(query);
  const data = list.data;
  const choose = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <div className="flex flex-col gap-4">
      <FormField id={searchId} label={text.search} hint={text.searchHelp}>
        {(control) => (
          <Input {...control} type="search" value={search} onChange={(event) => choose(setSearch)(event.target.value)} className="h-11 max-w-md" />
        )}
      </FormField>
      <div role="group" aria-label={text.title} className="flex flex-wrap gap-2">
        <SegmentButton label={text.all} pressed={segment === null} onClick={() => choose(setSegment)(null)} />
        {GUEST_SEGMENTS.map((each) => (
          <SegmentButton
            key={each}
            label={text.segments[each]}
            help={text.segmentHelp[each]}
            count={data?.segments[each]}
            pressed={segment === each}
            onClick={() => choose(setSegment)(segment === each ? null : each)}
          />
        ))}
      </div>
      <SortChoice sorting={sorting} onSort={choose(setSorting)} />
      {data ? (
        <section aria-label={text.title} aria-busy={list.isPlaceholderData} className="flex flex-col gap-3">
          <p role="status" className="flex items-center gap-2 text-sm font-medium">
            {formatCount(data.total, text.countOne, text.count)}
            {list.isFetching && list.isPlaceholderData && <Spinner className="text-muted-foreground" />}
          </p>
          {data.items.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">{text.empty}</p>
          ) : (
            <>
              <GuestTable items={data.items} sorting={sorting} onSort={choose(setSorting)} />
              <GuestCards items={data.items} />
            </>
          )}
          <Pager list={data} busy={list.isPlaceholderData} onPage={setPage} texts={PAGER_TEXTS} />
        </section>
      ) : (
        <QueryState query={list} />
      )}
    </div>
  );
}

interface SegmentButtonProps {
  label: string;
  help?: string;
  count?: number | undefined;
  pressed: boolean;
  onClick: () => void;
}

function SegmentButton({ label, help, count, pressed, onClick }: SegmentButtonProps) {
  return (
    <Button type="button" variant={pressed ? 'default' : 'outline'} className="min-h-11" aria-pressed={pressed} title={help} onClick={onClick}>
      {label}
      {count !== undefined && <span className="tabular-nums">({count})</span>}
    </Button>
  );
}
