import { Suspense, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { preloadableLazy } from '@web/lib/preloadable-lazy';

const GuestDialogBody = preloadableLazy(() => import('@web/features/guests/guest-dialog').then((m) => ({ default: m.GuestDialogBody })));

/** A guest's name that opens their profile (bookings, note, tags), as the 'Clientes' list does. */
export function GuestOpener({ guestId, name, label }: { guestId: string | null; name: string; label: string }) {
  const [open, setOpen] = useState(false);
  if (!guestId) return <span>{name}</span>;
  return (
    <>
      <Button variant="link" className="h-auto p-0 text-left font-medium" aria-label={`${label}: ${name}`} onClick={() => setOpen(true)}>
        {name}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-2xl">
          {open && (
            <Suspense fallback={<Spinner className="justify-center" />}>
              <GuestDialogBody guestId={guestId} onErased={() => setOpen(false)} />
            </Suspense>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
