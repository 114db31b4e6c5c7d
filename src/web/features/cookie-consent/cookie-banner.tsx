import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { CONSENT_POLICY_VERSION } from '@shared/limits';
import { Button } from '@web/components/ui/button';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useRecordCookieConsent } from './api/record-cookie-consent';
import { closeCookieBanner, showCookieDetails, useCookieBannerState } from './cookie-banner-store';
import {
  ALL_COOKIES,
  NECESSARY_ONLY,
  readStoredConsent,
  storeConsent,
  type CookiePreferences,
} from './consent-storage';

const COOKIE_POLICY_URL = '/politica-cookies.pdf';
/** On a phone the three choices share one row, a label wrapping inside its button: a quarter of the screen at most. */
const SHORT_CHOICE = 'h-auto min-h-11 whitespace-normal px-2 leading-tight sm:px-4';

/**
 * The cookie consent banner of spec point 2: a non-modal dialog at the bottom of the page. It is sticky rather
 * than fixed: it stays in view while the page scrolls, yet takes its own room after the footer, so scrolling to
 * the end always uncovers everything it overlapped (the submit button on a small phone, say).
 */
export function CookieBanner() {
  const { texts } = useGuestLanguage();
  const text = texts.cookies;
  const { open, view, requested } = useCookieBannerState();
  const record = useRecordCookieConsent();
  const titleId = useId();
  const descriptionId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);

  // Opened from the footer: move focus into the banner so that keyboard users land on it.
  useEffect(() => {
    if (open && requested) titleRef.current?.focus();
  }, [open, requested, view]);

  if (!open) return null;

  function choose(preferences: CookiePreferences) {
    storeConsent(preferences);
    closeCookieBanner();
    record.mutate({ version: CONSENT_POLICY_VERSION, preferences });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') closeCookieBanner();
  }

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onKeyDown={onKeyDown}
      className="sticky bottom-0 z-40 max-h-[85dvh] overflow-y-auto border-t bg-card shadow-[0_-4px_16px_rgb(0_0_0/0.12)]"
    >
      <div className="relative mx-auto flex max-w-3xl flex-col gap-2 px-4 py-3 sm:gap-3 sm:py-4">
        <Button
          variant="ghost"
          size="icon"
          onClick={closeCookieBanner}
          aria-label={text.closeBanner}
          className="absolute right-2 top-2 size-9"
        >
          <X aria-hidden="true" />
        </Button>
        <h2 ref={titleRef} id={titleId} tabIndex={-1} className="pr-10 text-base font-semibold outline-none">
          {view === 'short' ? text.title : text.detailsTitle}
        </h2>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {view === 'short' ? text.description : text.detailsDescription}{' '}
          <a href={COOKIE_POLICY_URL} target="_blank" rel="noopener noreferrer" className="font-medium text-brand underline">
            {text.policyLink}
            <span className="sr-only"> {texts.common.opensInNewTab}</span>
          </a>
        </p>
        {view === 'short' ? (
          <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
            <Button onClick={() => choose(ALL_COOKIES)} className={SHORT_CHOICE}>
              {text.acceptAll}
            </Button>
            <Button variant="outline" onClick={() => choose(NECESSARY_ONLY)} className={SHORT_CHOICE}>
              {text.rejectOptional}
            </Button>
            <Button variant="ghost" onClick={showCookieDetails} className={`${SHORT_CHOICE} underline`}>
              {text.configure}
            </Button>
          </div>
        ) : (
          <CookieDetails onChoose={choose} />
        )}
      </div>
    </div>
  );
}

/** The detailed view: one checkbox per category, the necessary one locked on. */
function CookieDetails({ onChoose }: { onChoose: (preferences: CookiePreferences) => void }) {
  const text = useGuestLanguage().texts.cookies;
  const [preferences, setPreferences] = useState<CookiePreferences>(() => readStoredConsent()?.preferences ?? NECESSARY_ONLY);
  const categories = [
    { key: 'necessary', checked: true, disabled: true },
    { key: 'analytics', checked: preferences.analytics, disabled: false },
    { key: 'marketing', checked: preferences.marketing, disabled: false },
  ] as const;

  return (
    <>
      <p className="text-sm">{text.ownCookies}</p>
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">{text.detailsTitle}</legend>
        {categories.map(({ key, checked, disabled }) => (
          <div key={key} className="flex items-start gap-3 rounded-md border p-3">
            <input
              id={`cookie-${key}`}
              type="checkbox"
              checked={checked}
              disabled={disabled}
              aria-describedby={`cookie-${key}-description`}
              onChange={(event) =>
                key !== 'necessary' && setPreferences((prev) => ({ ...prev, [key]: event.target.checked }))
              }
              className="mt-0.5 size-5 shrink-0 accent-brand disabled:opacity-70"
            />
            <div className="flex min-w-0 flex-col gap-0.5">
              <label htmlFor={`cookie-${key}`} className="text-sm font-medium">
                {text.categories[key]}
                {disabled && <span className="ml-2 text-xs font-normal text-muted-foreground">({text.alwaysOn})</span>}
              </label>
              <p id={`cookie-${key}-description`} className="text-xs text-muted-foreground">
                {text.categoryDescriptions[key]}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onChoose(preferences)} className="grow sm:grow-0">
          {text.saveConfiguration}
        </Button>
        <Button variant="outline" onClick={() => onChoose(ALL_COOKIES)} className="grow sm:grow-0">
          {text.acceptAll}
        </Button>
        <Button variant="outline" onClick={() => onChoose(NECESSARY_ONLY)} className="grow sm:grow-0">
          {text.rejectOptional}
        </Button>
      </div>
    </>
  );
}
