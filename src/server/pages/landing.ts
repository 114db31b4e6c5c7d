import { restaurantConfigDefaults } from '@shared/defaults.ts';
import { DEFAULT_LANGUAGE, type Language, LANGUAGES, languageNames } from '@shared/i18n/languages.ts';
import type { BookingCalendar } from '@shared/schemas/reservation.ts';
import type { PublicSettings } from '@shared/schemas/settings.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../platform/clock.ts';
import { type GuestTexts } from '@shared/i18n/guest-texts.ts';
import { guestTexts } from '../platform/guest-language.ts';
import { escapeHtml } from '../platform/html.ts';
import { jsonLdScript } from '../platform/json-ld.ts';
import type { PageShell } from './web-assets.ts';
import { getBookingCalendar } from '../modules/availability/service.ts';
import { restaurantJsonLd } from '../modules/settings/restaurant-markup.ts';
import { getPublicSettings } from '../modules/settings/service.ts';

/**
 * The landing page's first screen as static HTML, for index.html's `<div id="root">` on GET / (decision 010): the
 * guest sees the restaurant, the welcome and the cookie banner before any JavaScript has run; the head gets the
 * restaurant's schema.org JSON-LD (restaurant-markup.ts), which only the server sends. The markup and the
 * Tailwind classes are those the React page renders (src/web/pages/landing-page.tsx, booking-section.tsx,
 * cookie-banner.tsx, Button) in its loading state; createRoot replaces them. The footer is left out: it would be
 * pushed down when the form takes the section's place.
 *
 * The settings and the calendar the HTML was built from ride along in `data-landing`, so that React's first
 * render already has them (landing-page.tsx) and shows the same screen instead of a blank loading state. The
 * brand colour is not applied here: a style attribute would break the CSP (style-src 'self'); the page's CSS
 * default shows until React sets the restaurant's own colour through the CSSOM.
 */
export async function loadLandingShell(db: Database, clock: Clock, publicUrl: URL, language: Language = DEFAULT_LANGUAGE): Promise<PageShell> {
  const [settings, calendar] = await Promise.all([getPublicSettings(db), getBookingCalendar(db, clock)]);
  return renderLandingShell(settings, calendar, publicUrl, language);
}

/** In the page's language (issue 26): ?lang, else Accept-Language; the browser then follows the guest's own choice. */
export function renderLandingShell(settings: PublicSettings, calendar: BookingCalendar, publicUrl: URL, language: Language = DEFAULT_LANGUAGE): PageShell {
  const texts = guestTexts(language);
  const name = settings.name.trim() || restaurantConfigDefaults.name;
  const translated = language === DEFAULT_LANGUAGE ? null : settings.otherLanguages[language];
  const welcome = (translated ? translated.welcomeMessage : settings.welcomeMessage).trim() || restaurantConfigDefaults.welcomeMessage;
  // As RestaurantText (web/components/restaurant-text.tsx) renders it.
  const welcomeHtml = translated?.welcomeInSpanish
    ? `<p lang="es" class="text-lg text-muted-foreground">${escapeHtml(welcome)}</p><p class="text-sm text-muted-foreground">${escapeHtml(texts.common.writtenInSpanish)}</p>`
    : `<p class="text-lg text-muted-foreground">${escapeHtml(welcome)}</p>`;
  const seed = JSON.stringify({ settings, calendar });
  return {
    language,
    title: name,
    headHtml: jsonLdScript(restaurantJsonLd(settings, publicUrl)),
    rootAttributes: ` data-landing="${escapeHtml(seed)}"`,
    rootHtml:
      '<div class="flex min-h-dvh flex-col">' +
      header(name, settings.logoUrl, language, texts) +
      '<main class="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8">' +
      '<div class="space-y-2 text-center">' +
      `<h1 class="text-3xl font-bold tracking-tight">${escapeHtml(texts.landing.welcomeHeading)}</h1>` +
      welcomeHtml +
      '</div>' +
      bookingSectionLoading(texts) +
      '</main>' +
      cookieBanner(texts) +
      '</div>',
  };
}

function header(name: string, logoUrl: string | null, language: Language, texts: GuestTexts): string {
  const logo = logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="" class="size-10 shrink-0 rounded-full bg-card object-contain">`
    : '';
  return (
    '<header class="bg-brand text-brand-foreground">' +
    '<div class="mx-auto flex min-h-16 max-w-3xl items-center gap-3 px-4 py-3">' +
    `${logo}<p class="text-xl font-semibold">${escapeHtml(name)}</p>` +
    languageSwitcher(language, texts) +
    '</div></header>'
  );
}

/** The language switcher as the page renders it (web/features/language-switcher), so the header keeps its height. */
function languageSwitcher(language: Language, texts: GuestTexts): string {
  const options = LANGUAGES.map(
    (code) => `<option value="${code}" lang="${code}"${code === language ? ' selected' : ''}>${escapeHtml(languageNames[code])}</option>`,
  ).join('');
  return (
    '<div class="shrink-0 ml-auto">' +
    `<label for="language-switcher-shell" class="sr-only">${escapeHtml(texts.language.label)}</label>` +
    `<select id="language-switcher-shell" class="h-11 rounded-md border border-input bg-card px-2 text-base text-foreground sm:text-sm">${options}</select>` +
    '</div>'
  );
}

function bookingSectionLoading(texts: GuestTexts): string {
  const text = texts.reservation.form;
  return (
    '<section aria-labelledby="booking-title" aria-busy="true" class="rounded-lg border bg-card p-4 shadow-sm sm:p-6">' +
    `<h2 id="booking-title" class="mb-4 text-xl font-semibold">${escapeHtml(text.title)}</h2>` +
    `<p class="text-muted-foreground">${escapeHtml(text.loading)}</p>` +
    '</section>'
  );
}

/** Button's base classes (src/web/components/ui/button.tsx, buttonVariants) and the variants the banner uses. */
const BUTTON =
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&amp;_svg]:pointer-events-none [&amp;_svg]:size-4 [&amp;_svg]:shrink-0';
const BANNER_BUTTONS = [
  { label: 'acceptAll', variant: 'bg-brand text-brand-foreground hover:bg-brand/90', extra: 'grow sm:grow-0' },
  { label: 'rejectOptional', variant: 'border border-input bg-card hover:bg-muted', extra: 'grow sm:grow-0' },
  { label: 'configure', variant: 'hover:bg-muted', extra: 'grow underline sm:grow-0' },
] as const;
const CLOSE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-x" aria-hidden="true"><path d="M18 6 6 18"></path><path d="m6 6 12 12"></path></svg>';

/**
 * The cookie banner's short view, as a first visit shows it: its text is the page's largest (the LCP element on
 * a phone). The server cannot know a choice stored in the browser, so a returning visitor sees it until React
 * has run.
 */
function cookieBanner(texts: GuestTexts): string {
  const text = texts.cookies;
  const buttons = BANNER_BUTTONS.map(
    ({ label, variant, extra }) =>
      `<button data-slot="button" type="button" class="${BUTTON} ${variant} h-10 px-4 py-2 ${extra}">${escapeHtml(text[label])}</button>`,
  ).join('');
  return (
    '<div role="dialog" aria-modal="false" aria-labelledby="cookie-banner-title" aria-describedby="cookie-banner-description" class="sticky bottom-0 z-40 max-h-[85dvh] overflow-y-auto border-t bg-card shadow-[0_-4px_16px_rgb(0_0_0/0.12)]">' +
    '<div class="relative mx-auto flex max-w-3xl flex-col gap-3 px-4 py-4">' +
    `<button data-slot="button" type="button" class="${BUTTON} hover:bg-muted absolute right-2 top-2 size-9" aria-label="${escapeHtml(text.closeBanner)}">${CLOSE_ICON}</button>` +
    `<h2 id="cookie-banner-title" tabindex="-1" class="pr-10 text-base font-semibold outline-none">${escapeHtml(text.title)}</h2>` +
    `<p id="cookie-banner-description" class="text-sm text-muted-foreground">${escapeHtml(text.description)} ` +
    '<a href="/politica-cookies.pdf" target="_blank" rel="noopener noreferrer" class="font-medium text-brand underline">' +
    `${escapeHtml(text.policyLink)}<span class="sr-only"> ${escapeHtml(texts.common.opensInNewTab)}</span></a></p>` +
    `<div class="flex flex-wrap gap-2">${buttons}</div>` +
    '</div></div>'
  );
}
