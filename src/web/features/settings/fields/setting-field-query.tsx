import type { ReactNode } from 'react';
import { messages } from '@shared/messages';
import type { AdminSettings } from '@shared/schemas/settings';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useAdminSettings } from '../api/get-admin-settings';

/** The saved configuration for a sub-tab: a spinner while it loads, the error with a retry, then the panel. */
export function WithAdminSettings({ children }: { children: (settings: AdminSettings) => ReactNode }) {
  const { data, isPending, error, refetch } = useAdminSettings();
  if (data) return children(data);
  if (isPending) return <Spinner className="py-2 text-muted-foreground" />;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(error)}
      </p>
      <Button variant="outline" size="sm" onClick={() => void refetch()}>
        {messages.common.reload}
      </Button>
    </div>
  );
}
