import type { ReactNode } from 'react';
import { DEFAULT_LANGUAGE } from '@shared/i18n/languages';
import { restaurantConfigDefaults } from '@shared/defaults';
import { RestaurantText } from '@web/components/restaurant-text';
import { Button } from '@web/components/ui/button';
import { BookingSection } from '@web/features/booking/booking-section';
import { CookieBanner } from '@web/features/cookie-consent/cookie-banner';
import { openCookieSettings } from '@web/features/cookie-consent/cookie-banner-store';
import { LanguageSwitcher } from '@web/features/language-switcher/language-switcher';
import { mapSearchUrl, mondaysClosed, openingHoursLine } from '@shared/rules/restaurant-details';
import { usePublicSettings } from '@web/features/public-settings/api/get-public-settings';
import { brandStyle } from '@web/lib/brand';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';
import { ServerPageReady } from '@web/lib/server-page-ready';
import { LegalLinks } from './legal-links';
import { telHref } from '@shared/rules/phone-link';

/**
 * The public page (spec point 2). The server renders it with its data in the guest's language (decision 060), so the
 * restaurant, the form and the cookie banner show before the scripts have run; it is usable once hydrated.
 */
export function LandingPage() {
  const { texts, format, language } = useGuestTexts();
  const text = texts.landing;
  const { data: settings, isPending } = usePublicSettings();
  // While loading nothing is shown rather than a fallback that would flash to the real name.
  const name = settings?.name.trim() || (isPending ? '' : restaurantConfigDefaults.name);
  const translated = settings && language !== DEFAULT_LANGUAGE ? settings.otherLanguages[language] : null;
  const ownWelcome = translated ? translated.welcomeMessage : settings?.welcomeMessage;
  const welcome = ownWelcome?.trim() || (isPending ? '' : restaurantConfigDefaults.welcomeMessage);
  const phones = [settings?.contactPhone1, settings?.contactPhone2]
    .map((phone) => phone?.trim())
    .filter((phone): phone is string => Boolean(phone));
  const address = settings?.address?.trim();
  const week = settings?.weeklyHours ?? [];
  const hoursLine = settings ? openingHoursLine(week, text.footer, format) : '';

  return (
    <div style={brandStyle(settings?.brandColor)} className="flex min-h-dvh flex-col">
      {name && <title>{name}</title>}
      <ServerPageReady />
      <header className="bg-brand text-brand-foreground">
        <div className="mx-auto flex min-h-16 max-w-3xl items-center gap-3 px-4 py-3">
          {settings?.logoUrl && (
            <img src={settings.logoUrl} alt="" className="size-10 shrink-0 rounded-full bg-card object-contain" />
          )}
          <p className="text-xl font-semibold">{name}</p>
          <LanguageSwitcher className="ml-auto" />
        </div>
      </header>

      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8">
        <div className="space-y-2 text-center">
          <h1 className="text-3xl font-bold tracking-tight">{text.welcomeHeading}</h1>
          {welcome && <RestaurantText text={welcome} inSpanish={translated?.welcomeInSpanish ?? false} className="text-lg text-muted-foreground" />}
        </div>

        <BookingSection isLoading={isPending} guarantee={settings?.cardGuarantee} />

        {(phones.length > 0 || address) && (
          <aside aria-label={text.contactLabel} className="space-y-2 rounded-lg bg-muted p-4 text-center text-sm">
            {address && (
              <p>
                {address}{' '}
                <a href={mapSearchUrl(address)} target="_blank" rel="noopener noreferrer" className="font-medium text-brand underline">
                  {text.mapLink}
                  <span className="sr-only"> {texts.common.opensInNewTab}</span>
                </a>
              </p>
            )}
            {phones.length > 0 && <p>{contactNote(format(text.contactNote, { phone1: PHONE_1, phone2: PHONE_2 }), phones)}</p>}
          </aside>
        )}
      </main>

      <footer className="border-t bg-card">
        <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-6 text-center text-sm text-muted-foreground">
          <LegalLinks className="gap-y-2" />
          <div>
            <Button
              variant="link"
              size="sm"
              onClick={openCookieSettings}
              className="h-auto p-0 text-sm text-muted-foreground underline hover:text-foreground"
            >
              {text.footer.configureCookies}
            </Button>
          </div>
          {hoursLine && <p>{hoursLine}</p>}
          {mondaysClosed(week) && <p>{text.footer.mondaysClosed}</p>}
          {settings && <p>{settings.autoConfirmationEnabled ? text.footer.confirmedAtOnce : text.footer.confirmationRequired}</p>}
        </div>
      </footer>

      {/* Last in the page on purpose: sticky at the bottom, it still has its own room after the footer. */}
      <CookieBanner />
    </div>
  );
}

// Stand-ins for the phones in the formatted note, which become links: characters no translation holds.
const PHONE_1 = '\uE000';
const PHONE_2 = '\uE001';

/**
 * The catalogue's note (formatted with the stand-ins) with each phone as a tel: link. With one phone, the second
 * goes with the words between the two ("o al", "or", "oder"), in whichever order the language puts them.
 */
function contactNote(note: string, phones: string[]): ReactNode {
  const text = phones.length > 1 ? note : withoutSecondPhone(note);
  return text.split(/([\uE000\uE001])/).map((part, index) => {
    const phone = part === PHONE_1 ? phones[0] : part === PHONE_2 ? phones[1] : undefined;
    if (phone === undefined) return part;
    return (
      <a key={index} href={telHref(phone)} className="whitespace-nowrap font-medium text-brand underline">
        {phone}
      </a>
    );
  });
}

function withoutSecondPhone(note: string): string {
  const first = note.indexOf(PHONE_1);
  const second = note.indexOf(PHONE_2);
  if (first < 0 || second < 0) return note;
  return first < second ? note.slice(0, first + 1) + note.slice(second + 1) : note.slice(0, second) + note.slice(first);
}
