import type { ReactNode } from 'react';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useAdminSettings } from '../api/get-admin-settings';

/** Renders its children once the admin settings are loaded; the editors inside read them from the query cache. */
export function TemplateSettingsGate({ children }: { children: ReactNode }) {
  const settings = useAdminSettings();
  if (settings.isPending) return <Spinner className="py-6" />;
  if (settings.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(settings.error)}
      </p>
    );
  }
  return children;
}
