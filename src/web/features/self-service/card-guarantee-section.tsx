import { guaranteePolicyValues } from '@shared/i18n/guarantee-policy';
import { madridNowTime, madridToday } from '@shared/rules/madrid-time';
import { formatLongDate } from '@shared/rules/templates';
import type { SelfServiceGuarantee } from '@shared/schemas/self-service';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useSelfServiceTexts } from './use-self-service-texts';

/**
 * Issue 45: the card saved as the booking's guarantee and its rule, as the server judged it (the free window is read
 * from the view, never from the browser's clock).
 */
export function CardGuaranteeSection({ guarantee, people }: { guarantee: SelfServiceGuarantee; people: number }) {
  const text = useSelfServiceTexts().guarantee;
  const { texts, language, format } = useGuestLanguage();
  const { amount, total } = guaranteePolicyValues(guarantee, people, language);
  const ends = new Date(guarantee.freeCancellationEnds);
  const values = { date: formatLongDate(madridToday(ends), language), time: madridNowTime(ends), amount, total };
  return (
    <div className="space-y-1 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      <p className="font-semibold">{texts.reservation.guarantee.title}</p>
      <p>{guarantee.cardLabel ? format(text.cardSaved, { card: guarantee.cardLabel }) : text.cardSavedUnnamed}</p>
      <p>{format(guarantee.freeCancellationHours === 0 ? text.noFreeCancellation : guarantee.cancelsFree ? text.freeUntil : text.freeEnded, values)}</p>
    </div>
  );
}

/** The line the cancel dialog adds about the card: released, or what the restaurant may charge. */
export function useCancelGuaranteeLine(guarantee: SelfServiceGuarantee | null, people: number): string | null {
  const text = useSelfServiceTexts().guarantee;
  const { language, format } = useGuestLanguage();
  if (!guarantee) return null;
  if (guarantee.cancelsFree) return text.cancelReleases;
  return format(text.cancelMayCharge, { total: guaranteePolicyValues(guarantee, people, language).total });
}
