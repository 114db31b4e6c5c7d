import type { ReactNode } from 'react';
import { LanguageSwitcher } from '@web/features/language-switcher/language-switcher';
import { usePublicSettings } from '@web/features/public-settings/api/get-public-settings';
import { brandStyle } from '@web/lib/brand';

/**
 * The frame of a page behind a guest's private link: the restaurant's header and one column, and the tab's title
 * naming the page and the restaurant.
 */
export function GuestLinkLayout({ title, children }: { title: string; children: ReactNode }) {
  const { data: settings } = usePublicSettings();
  const name = settings?.name.trim();

  return (
    <div style={brandStyle(settings?.brandColor)} className="flex min-h-dvh flex-col">
      <title>{name ? `${title} · ${name}` : title}</title>
      {/* The token must not reach other sites, even as a referrer. */}
      <meta name="referrer" content="no-referrer" />
      <meta name="robots" content="noindex" />
      <header className="bg-brand text-brand-foreground">
        <div className="mx-auto flex min-h-16 max-w-2xl items-center gap-3 px-4 py-3">
          {settings?.logoUrl && <img src={settings.logoUrl} alt="" className="size-10 shrink-0 rounded-full bg-card object-contain" />}
          <p className="text-xl font-semibold">{settings?.name}</p>
          <LanguageSwitcher className="ml-auto" />
        </div>
      </header>
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-8">{children}</main>
    </div>
  );
}
