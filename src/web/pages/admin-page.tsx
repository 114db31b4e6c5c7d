import { messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { AdminGuard } from '@web/features/admin-shell/admin-guard';
import { AdminShell, SecondFactorSetupShell } from '@web/features/admin-shell/admin-shell';
import { usePublicSettings } from '@web/features/public-settings/api/get-public-settings';
import { brandStyle } from '@web/lib/brand';

export { preloadDefaultTab } from '@web/features/admin-shell/admin-tabs';

/** /admin: the guard, then the panel in the restaurant's colour and under its name. */
export function AdminPage() {
  const { data: settings, isPending } = usePublicSettings();
  const name = settings?.name.trim() || (isPending ? '' : messages.landing.restaurantNameFallback);
  return (
    <div style={brandStyle(settings?.brandColor)}>
      {name && <title>{`${staffMessages.admin.header.title} · ${name}`}</title>}
      <AdminGuard>
        {(user) =>
          user.secondFactorDue ? (
            <SecondFactorSetupShell email={user.email} restaurantName={name} />
          ) : (
            <AdminShell email={user.email} role={user.role ?? 'floor'} restaurantName={name} />
          )
        }
      </AdminGuard>
    </div>
  );
}
