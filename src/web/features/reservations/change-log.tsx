import { Suspense, useState } from 'react';
import { staffMessages } from '@shared/staff-messages';
import { Button } from '@web/components/ui/button';
import { preloadableLazy } from '@web/lib/preloadable-lazy';

const ChangeLogDialog = preloadableLazy(() => import('./change-log-dialog').then((module) => ({ default: module.ChangeLogDialog })));

/** 'Historial de cambios' on a reservation's card: the button, and the dialog once it has been opened. */
export function ChangeLog({ reservationId, describedBy }: { reservationId: string; describedBy: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        aria-describedby={describedBy}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {staffMessages.admin.changeLog.open}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ChangeLogDialog reservationId={reservationId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
