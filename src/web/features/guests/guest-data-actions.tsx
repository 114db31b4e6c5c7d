import { useState } from 'react';
import { FileDown, FileText, Trash2 } from 'lucide-react';
import { guestPrivacyMessages } from '@shared/staff-messages/guest-privacy';
import { mayUse } from '@shared/rules/permissions';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { HeadedSection } from '@web/components/headed-section';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/lazy-toaster';
import { useStaffRole } from '@web/features/auth/session';
import { useEraseGuest } from './api/erase-guest';
import { type GuestExportFormat, useExportGuest } from './api/export-guest';

const text = guestPrivacyMessages;

/**
 * 'Datos personales' in the guest dialog (issue 24, decision 026): the guest's data as a file, and its erasure after a
 * confirmation. Only for the roles the server lets through (the owner and the encargado); nothing for the floor staff.
 */
export function GuestDataActions({ guestId, onErased }: { guestId: string; onErased: () => void }) {
  const role = useStaffRole();
  const mayExport = role !== null && mayUse(role, 'GET', '/guests/:id/export');
  const mayErase = role !== null && mayUse(role, 'POST', '/guests/:id/erasure');
  const [confirming, setConfirming] = useState(false);
  const exporting = useExportGuest();
  const erasing = useEraseGuest();
  if (!mayExport && !mayErase) return null;

  const download = (format: GuestExportFormat) =>
    exporting.mutate({ id: guestId, format }, {
      onSuccess: () => toast.success(text.exported),
      onError: (caught) => toast.error(text.exportFailed, { description: errorMessage(caught) }),
    });
  const erase = () =>
    erasing.mutate(guestId, {
      onSuccess: () => {
        toast.success(text.erased);
        setConfirming(false);
        onErased();
      },
      onError: (caught) => toast.error(text.eraseFailed, { description: errorMessage(caught) }),
    });

  return (
    <HeadedSection
      title={text.sectionTitle}
      level={3}
      headingClassName="text-sm font-semibold"
      description={text.sectionHint}
      className="flex flex-col gap-2 border-t pt-4"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {mayExport && (
          <>
            <Button variant="outline" size="sm" disabled={exporting.isPending} onClick={() => download('json')}>
              <FileDown aria-hidden="true" />
              {text.exportLabel}
            </Button>
            <Button variant="outline" size="sm" disabled={exporting.isPending} onClick={() => download('html')}>
              <FileText aria-hidden="true" />
              {text.exportSummaryLabel}
            </Button>
          </>
        )}
        {mayErase && (
          <ConfirmDialog
            open={confirming}
            onOpenChange={(open) => {
              if (!erasing.isPending) setConfirming(open);
            }}
            title={text.eraseTitle}
            description={text.eraseDescription}
            confirmLabel={text.eraseConfirm}
            destructive
            isPending={erasing.isPending}
            onConfirm={erase}
            trigger={
              <Button variant="outline" size="sm" className="border-destructive/40 text-destructive hover:bg-destructive/10">
                <Trash2 aria-hidden="true" />
                {text.eraseLabel}
              </Button>
            }
          />
        )}
      </div>
    </HeadedSection>
  );
}
