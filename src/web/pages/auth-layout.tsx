import type { ReactNode } from 'react';
import { messages } from '@shared/messages';
import { loginMessages } from '@shared/staff-messages/login';
import { Card, CardContent } from '@web/components/ui/card';
import { usePublicSettings } from '@web/features/public-settings/api/get-public-settings';
import { brandStyle } from '@web/lib/brand';

/** The centred card of /auth and /auth/restablecer, in the restaurant's colour, under its name. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { data: settings, isPending } = usePublicSettings();
  const name = settings?.name.trim() || (isPending ? '' : messages.landing.restaurantNameFallback);
  return (
    <div style={brandStyle(settings?.brandColor)} className="flex min-h-dvh flex-col">
      {name && <title>{`${loginMessages.title} · ${name}`}</title>}
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-4 px-4 py-8">
        <p className="min-h-7 text-center text-lg font-semibold">{name}</p>
        <Card>
          <CardContent className="flex flex-col pt-4 sm:pt-6">{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
