// The Stripe SDK's failures as the owner reads them (issue 45): a card decline's reason from Stripe's documented codes,
// anything else the provider being unavailable.
import Stripe from 'stripe';
import { paymentsMessages } from '@shared/staff-messages/payments.ts';
import { ProviderUnavailableError } from './provider.ts';

const text = paymentsMessages.provider;

/** The SDK's failure as the owner should read it; anything not a card decline is the provider being unavailable. */
export function unavailable(error: unknown): ProviderUnavailableError {
  if (error instanceof Stripe.errors.StripeAuthenticationError) return new ProviderUnavailableError(text.badKey);
  if (error instanceof Stripe.errors.StripeConnectionError) return new ProviderUnavailableError(text.unreachable);
  if (error instanceof Stripe.errors.StripeError) return new ProviderUnavailableError(`${text.refused} ${error.message}`);
  return new ProviderUnavailableError(text.unreachable);
}

/** One SDK request; its failure as `unavailable` reads it. */
export async function callStripe<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw unavailable(error);
  }
}

/** Why a decline happened, in Spanish, from Stripe's documented codes. */
export function declineReason(error: Stripe.errors.StripeCardError): string {
  const code = error.decline_code ?? error.code ?? '';
  if (code === 'insufficient_funds') return text.declines.insufficientFunds;
  if (code === 'expired_card') return text.declines.expiredCard;
  if (code === 'lost_card' || code === 'stolen_card') return text.declines.lostCard;
  return text.declines.generic;
}
