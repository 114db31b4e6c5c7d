import { useId } from 'react';
import { secondFactorPolicyMessages as text } from '@shared/staff-messages/team';
import { QueryState } from '@web/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/lazy-toaster';
import { useSecondFactorPolicy, useSetSecondFactorPolicy } from './api/team';

/** 'Segundo factor obligatorio' (issue 44): the owner requires a code or a passkey of owners and encargados. */
export function SecondFactorCard() {
  const policy = useSecondFactorPolicy();
  const change = useSetSecondFactorPolicy();
  const switchId = useId();
  const hintId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {policy.data ? (
          <div className="flex min-h-11 items-center justify-between gap-4">
            <Label htmlFor={switchId}>{text.label}</Label>
            <Switch
              id={switchId}
              aria-describedby={hintId}
              checked={policy.data.required}
              disabled={change.isPending}
              onCheckedChange={(required) =>
                change.mutate(required, {
                  onSuccess: () => toast.success(required ? text.turnedOn : text.turnedOff),
                  onError: (error) => toast.error(errorMessage(error)),
                })
              }
            />
          </div>
        ) : (
          <QueryState query={policy} />
        )}
        <p id={hintId} className="text-sm text-muted-foreground">
          {text.hint}
        </p>
      </CardContent>
    </Card>
  );
}
