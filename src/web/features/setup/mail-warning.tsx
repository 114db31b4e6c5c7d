import { Link } from 'react-router';
import { formatMessage } from '@shared/messages';
import { mayUse } from '@shared/rules/permissions';
import { staffMessages } from '@shared/staff-messages';
import { useStaffRole } from '@web/features/auth/session';
import { useSetupStatus } from './api/setup';

export { useSetupStatus };

const text = staffMessages.admin.mailWarning;

/** On Reservas while no SMTP server is set (issue 20): guests get no emails, and staff must know it. */
export function MailWarning() {
  const status = useSetupStatus();
  const role = useStaffRole();
  if (!status.data || status.data.mail.configured) return null;
  return (
    <div role="status" className="flex flex-col gap-1 rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-3 text-yellow-900">
      <p className="font-medium">{text.title}</p>
      <p className="text-sm">{formatMessage(text.body, { directory: status.data.mail.outboxDirectory })}</p>
      {role && mayUse(role, 'PUT', '/mail-settings') && (
        <Link to="?tab=configuracion&seccion=correo" className="inline-flex min-h-11 items-center self-start font-medium underline">
          {text.action}
        </Link>
      )}
    </div>
  );
}
