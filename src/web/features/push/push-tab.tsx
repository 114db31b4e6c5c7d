import { useState } from 'react';
import { BellRing, CheckCircle2 } from 'lucide-react';
import { toast } from '@web/lib/lazy-toaster';
import { staffMessages } from '@shared/staff-messages';
import { notificationsMessages, pushMessages } from '@shared/staff-messages/notifications';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { usePushSubscription } from './api/get-push-subscription';
import { useActivatePush } from './api/save-push-subscription';
import { isPushSupported, PushSetupError } from './push-browser';

const text = pushMessages;
const errors = staffMessages.admin.errors;

/** The Push tab of /admin (spec point 2): push alerts on this device, and how to install Mesa as an app. */
export function PushTab() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <PushCard />
      <InstallInstructions />
    </div>
  );
}

function PushCard() {
  // Read once: support does not change while the page is open.
  const [supported] = useState(isPushSupported);
  const status = usePushSubscription();
  const activate = useActivatePush();
  const [permission, setPermission] = useState(() => (supported ? Notification.permission : 'default'));

  const onActivate = () =>
    activate.mutate(undefined, {
      onError: (error) => toast.error(error instanceof PushSetupError ? errors.pushSetup : errors.pushActivate),
      onSettled: () => setPermission(Notification.permission),
    });

  let body;
  if (!supported) {
    body = <p className="text-sm text-muted-foreground">{text.unsupported}</p>;
  } else if (status.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner aria-hidden="true" />
        {text.checking}
      </p>
    );
  } else if (status.data?.subscribed) {
    body = (
      <p className="flex items-center gap-2 font-medium text-green-700" role="status">
        <CheckCircle2 aria-hidden="true" className="size-5" />
        {text.active}
      </p>
    );
  } else {
    body = (
      <div className="flex flex-col items-start gap-3">
        <Button onClick={onActivate} disabled={activate.isPending}>
          {activate.isPending ? <Spinner aria-hidden="true" /> : <BellRing aria-hidden="true" />}
          {text.activate}
        </Button>
        {permission === 'denied' && <p className="text-sm text-muted-foreground">{text.blocked}</p>}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{notificationsMessages.push}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function InstallInstructions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.installTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="font-medium">{text.androidTitle}</dt>
            <dd className="text-muted-foreground">{text.androidInstructions}</dd>
          </div>
          <div>
            <dt className="font-medium">{text.iphoneTitle}</dt>
            <dd className="text-muted-foreground">{text.iphoneInstructions}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
