import { guaranteePolicyKey, guaranteePolicyValues } from '@shared/i18n/guarantee-policy';
import { textAt } from '@shared/i18n/text-keys';
import { publicGuaranteeTermsFor } from '@shared/rules/card-guarantee';
import type { GuaranteeTerms, PublicCardGuarantee } from '@shared/schemas/card-guarantee';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';

interface GuaranteeNoticeProps {
  guarantee: PublicCardGuarantee | null;
  people: number;
  date: string;
  time: string;
}

/**
 * Issue 45: as soon as the party, date and time need a card guarantee, the policy in the guest's language, before
 * anything is sent. A polite live region that is always there (hidden while empty): it is announced as it appears,
 * and neither blocks the form nor moves focus.
 */
export function GuaranteeNotice({ guarantee, people, date, time }: GuaranteeNoticeProps) {
  const booking = { numberOfPeople: people, reservationDate: date, reservationTime: time };
  const terms = date !== '' && time !== '' ? publicGuaranteeTermsFor(guarantee, booking) : null;
  return (
    <div role="status" className="empty:hidden sm:col-span-2">
      {terms && <GuaranteePolicy terms={terms} people={people} />}
    </div>
  );
}

/**
 * The card guarantee's policy for a party, in the guest's language: what the booking form shows before sending, and
 * the waitlist's offer page before the guest accepts.
 */
export function GuaranteePolicy({ terms, people }: { terms: Pick<GuaranteeTerms, 'amountPerPersonCents' | 'freeCancellationHours'>; people: number }) {
  const { texts, format, language } = useGuestLanguage();
  return (
    <div className="space-y-1 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      <p className="font-semibold">{texts.reservation.guarantee.title}</p>
      <p>{format(textAt(texts, guaranteePolicyKey(terms)), { ...guaranteePolicyValues(terms, people, language) })}</p>
    </div>
  );
}
