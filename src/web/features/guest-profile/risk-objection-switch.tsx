import { useId } from 'react';
import { formatMessage } from '@shared/messages';
import { guestProfileMessages } from '@shared/staff-messages/guest-profile';
import { Card } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { toast } from '@web/lib/lazy-toaster';
import { useSetRiskObjection } from './api/set-risk-objection';

const text = guestProfileMessages.objection;

/**
 * 'Se opone a la valoración de riesgo' (GDPR art. 21, decision 043): while on, none of the guest's bookings shows a
 * no-show risk. The whole row is the switch's label, so the target is as tall as the row (44 px at least).
 */
export function RiskObjectionSwitch({ guestId, riskObjectedAt }: { guestId: string; riskObjectedAt: string | null }) {
  const id = useId();
  const setting = useSetRiskObjection(guestId);
  const objected = riskObjectedAt !== null;
  const change = (next: boolean) =>
    setting.mutate(next, {
      onSuccess: () => toast.success(next ? text.on : text.off),
      onError: (caught) => toast.error(errorMessage(caught)),
    });
  return (
    <Card className="flex flex-col gap-2 p-4">
      <h4 className="text-lg font-semibold">{text.title}</h4>
      <div className="flex min-h-11 items-center justify-between gap-4">
        <Label htmlFor={id} className="min-h-11 flex-1 cursor-pointer content-center text-sm font-medium">
          {text.label}
        </Label>
        <Switch
          id={id}
          checked={objected}
          disabled={setting.isPending}
          onCheckedChange={change}
          aria-describedby={`${id}-help`}
          className="relative after:absolute after:-inset-3 after:content-['']"
        />
      </div>
      <p id={`${id}-help`} className="text-sm text-muted-foreground">
        {text.help} {riskObjectedAt && formatMessage(text.since, { when: formatDateTime(riskObjectedAt) })}
      </p>
    </Card>
  );
}
