// A charge's and a refund's lines in the reservation's 'Historial de cambios' (issue 45, item 4). The change log's
// actions are fixed by a check constraint; a payment line is an 'edited' line whose one field names the payment.
import { formatMessage } from '@shared/messages.ts';
import { formatEuros } from '@shared/rules/money.ts';
import { chargeMessages } from '@shared/staff-messages/charges.ts';
import type { Transaction } from '../../db/client.ts';
import { recordChange } from '../../platform/events.ts';
import { type Actor, logChange } from '../reservations/service.ts';
import type { ChargeRow } from './charge-queries.ts';

const text = chargeMessages.log;

function chargeLine(charge: ChargeRow, party: number): string {
  const values = { amount: formatEuros(charge.amountCents), people: charge.people, party };
  if (charge.status === 'succeeded') return formatMessage(text.charged, values);
  if (charge.status === 'requires_authorization') return formatMessage(text.pending, values);
  return formatMessage(text.failed, { ...values, reason: charge.failureReason ?? '' });
}

/** The charge's outcome on the reservation's log, and the live events of the rows that changed. */
export async function logChargeOutcome(
  tx: Transaction,
  entry: { charge: ChargeRow; party: number; actor: Actor; now: Date; cardReleased: boolean },
): Promise<void> {
  const { charge, now, actor } = entry;
  await logChange(tx, {
    reservationId: charge.reservationId,
    at: now,
    actor,
    action: 'edited',
    changes: { noShowCharge: [null, chargeLine(charge, entry.party)] },
  });
  await recordChange(tx, { table: 'payment_charges', action: 'update', id: charge.id });
  if (entry.cardReleased) await recordChange(tx, { table: 'card_guarantees', action: 'update', id: charge.reservationId });
}

export async function logRefund(tx: Transaction, entry: { charge: ChargeRow; refundedCents: number; actor: Actor; now: Date }): Promise<void> {
  await logChange(tx, {
    reservationId: entry.charge.reservationId,
    at: entry.now,
    actor: entry.actor,
    action: 'edited',
    changes: { noShowRefund: [null, formatMessage(text.refunded, { amount: formatEuros(entry.refundedCents) })] },
  });
  await recordChange(tx, { table: 'payment_charges', action: 'update', id: entry.charge.id });
}
