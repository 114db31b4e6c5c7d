import { useState } from 'react';
import { formatCount, formatMessage } from '@shared/messages';
import { mayUse } from '@shared/rules/permissions';
import type { GuestDuplicate } from '@shared/schemas/guest-profile';
import { guestListMessages } from '@shared/staff-messages/guest-list';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { HeadedSection } from '@web/components/headed-section';
import { Button } from '@web/components/ui/button';
import { useStaffRole } from '@web/features/auth/session';
import { errorMessage } from '@web/lib/api';
import { formatShortDate } from '@web/lib/format';
import { toast } from '@web/lib/lazy-toaster';
import { useGuestDuplicates, useMergeGuests } from './api/merge-guests';

const text = guestListMessages.merge;
const columns = guestListMessages.columns;

/** 'Unir clientes' in the guest dialog (issue 47): the profiles that may be this guest, each joined after a question. */
export function GuestMerge({ guestId }: { guestId: string }) {
  const role = useStaffRole();
  const allowed = role !== null && mayUse(role, 'POST', '/guests/:id/merge');
  if (!allowed) return null;
  return <MergeSuggestions guestId={guestId} />;
}

function MergeSuggestions({ guestId }: { guestId: string }) {
  const duplicates = useGuestDuplicates(guestId);
  const merging = useMergeGuests(guestId);
  const [chosen, setChosen] = useState<GuestDuplicate | null>(null);
  const merge = (other: GuestDuplicate) =>
    merging.mutate(other.id, {
      onSuccess: (result) => {
        toast.success(formatCount(result.reservationsMoved, text.mergedOne, text.merged));
        setChosen(null);
      },
      onError: (caught) => toast.error(errorMessage(caught)),
    });
  const name = (other: GuestDuplicate) => other.name ?? other.email ?? other.phone ?? guestListMessages.noName;
  return (
    <HeadedSection title={text.title} level={3} headingClassName="text-sm font-semibold" className="flex flex-col gap-2 border-t pt-4">
      <p className="text-sm text-muted-foreground">{text.description}</p>
      {duplicates.data?.length === 0 && <p className="text-sm">{text.none}</p>}
      {duplicates.data && duplicates.data.length > 0 && (
        <ul aria-label={text.suggestions} className="flex flex-col gap-2">
          {duplicates.data.map((other) => (
            <li key={other.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
              <span className="flex min-w-0 flex-col">
                <span className="font-medium">{name(other)}</span>
                <span className="break-all text-xs text-muted-foreground">{[other.phone, other.email].filter(Boolean).join(' · ')}</span>
                <span className="text-xs text-muted-foreground">
                  {columns.visits}: {other.visits} · {columns.lastVisit}: {other.lastVisitOn ? formatShortDate(other.lastVisitOn) : guestListMessages.never}
                </span>
              </span>
              <Button variant="outline" className="min-h-11" onClick={() => setChosen(other)}>
                {formatMessage(text.mergeWith, { name: name(other) })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(open) => !open && setChosen(null)}
        title={text.title}
        description={text.description}
        confirmLabel={text.confirm}
        isPending={merging.isPending}
        onConfirm={() => chosen && merge(chosen)}
      />
    </HeadedSection>
  );
}
