import { restaurantConfigDefaults } from '@shared/defaults';
import { BookingSection } from '@web/features/booking/booking-section';
import { LanguageSwitcher } from '@web/features/language-switcher/language-switcher';
import { usePublicSettings } from '@web/features/public-settings/api/get-public-settings';
import { brandStyle } from '@web/lib/brand';
import { useLinksInNewTab, useReportFrameSize } from '@web/lib/embedded-frame';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';
import { ServerPageReady } from '@web/lib/server-page-ready';
import { LegalLinks } from './legal-links';

/**
 * /reservar (decision 028): the booking form alone, for the frame public/embed.js puts on the restaurant's own site.
 * No header, footer or cookie banner (the form stores nothing in the browser); the brand colour, a heading for screen
 * readers and the legal documents. Links open in a new tab, outside the frame. The server renders it (web/ssr), so
 * the form shows before the scripts have run; it is usable once hydrated.
 */
export function BookingWidgetPage() {
  const { texts, format } = useGuestTexts();
  const { data: settings, isPending } = usePublicSettings();
  const name = settings?.name.trim() || (isPending ? '' : restaurantConfigDefaults.name);
  const title = name && format(texts.widget.title, { name });
  useReportFrameSize(title);
  useLinksInNewTab();

  return (
    <div style={brandStyle(settings?.brandColor)} className="p-2 sm:p-3">
      {title && <title>{title}</title>}
      <ServerPageReady />
      <main className="mx-auto flex w-full max-w-3xl flex-col gap-3">
        {title && <h1 className="sr-only">{title}</h1>}
        <LanguageSwitcher className="self-end" />
        <BookingSection isLoading={isPending} guarantee={settings?.cardGuarantee} />
        <LegalLinks className="gap-y-1 text-sm text-muted-foreground" linkClassName="inline-block py-1" />
      </main>
    </div>
  );
}
