import { formatMessage } from '@shared/messages';
import { formatEuros } from '@shared/rules/money';
import type { GuaranteeSummary } from '@shared/schemas/guarantee-summary';
import { chargeBadgeMessages } from '@shared/staff-messages/charges-badges';
import { Badge } from '@web/components/ui/badge';

// A booking's card guarantee and its no-show charge as chips (issue 45): on the host stand's rows and the card.

const text = chargeBadgeMessages;

/** What the charge says in a few words: charged (or refunded), pending the guest's bank, declined and why. */
export function chargeLabel(charge: NonNullable<GuaranteeSummary['charge']>): { label: string; variant: 'info' | 'warning' | 'danger' } {
  if (charge.status === 'succeeded') {
    return charge.refundedCents > 0
      ? { label: formatMessage(text.refunded, { amount: formatEuros(charge.refundedCents) }), variant: 'info' }
      : { label: formatMessage(text.charged, { amount: formatEuros(charge.amountCents) }), variant: 'info' };
  }
  if (charge.status === 'requires_authorization') return { label: text.pending, variant: 'warning' };
  if (charge.status === 'processing') return { label: text.processing, variant: 'warning' };
  return { label: formatMessage(text.failed, { reason: charge.failureReason ?? '' }), variant: 'danger' };
}

export function GuaranteeBadges({ guarantee }: { guarantee: GuaranteeSummary | null | undefined }) {
  if (!guarantee) return null;
  const charge = guarantee.charge && chargeLabel(guarantee.charge);
  return (
    <>
      {guarantee.state === 'saved' && <Badge variant="secondary">{text.guarantee}</Badge>}
      {guarantee.state === 'link_sent' && <Badge variant="outline">{text.linkSent}</Badge>}
      {charge && (
        <Badge variant={charge.variant} className="whitespace-normal">
          {charge.label}
        </Badge>
      )}
    </>
  );
}
