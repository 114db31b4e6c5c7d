import { useId } from 'react';
import { Send } from 'lucide-react';
import { toast } from '@web/lib/lazy-toaster';
import { messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { settingsMessages } from '@shared/staff-messages/settings';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { useSendTestReport } from '../api/send-test-report';

const text = settingsMessages.reports;

/** 'Enviar informe de prueba': only with a saved admin email, since that is where the report goes. */
export function ReportTestButton({ adminEmail }: { adminEmail: string | null }) {
  const hintId = useId();
  const send = useSendTestReport();
  const click = () =>
    send.mutate(undefined, {
      onSuccess: () => toast.success(text.testSent),
      onError: (error) => toast.error(staffMessages.admin.errors.testReport, { description: errorMessage(error) }),
    });
  return (
    <div className="flex flex-col items-start gap-1.5">
      <Button onClick={click} disabled={send.isPending || !adminEmail} aria-describedby={adminEmail ? undefined : hintId}>
        <Send aria-hidden="true" />
        {send.isPending ? messages.common.sending : text.sendTest}
      </Button>
      {!adminEmail && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {staffMessages.admin.errors.noAdminEmail}
        </p>
      )}
    </div>
  );
}
