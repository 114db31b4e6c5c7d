// What Mesa asks of a payment provider (issue 45, decision 041). The booking flow, the webhook and staff's charges
// speak only this; Stripe is the first implementation (stripe-provider.ts), and deposits or Redsys can follow
// without touching them.
import type { Language } from '@shared/i18n/languages.ts';

export interface SetupRequest {
  /** The hold the card is saved for: the provider keeps it and hands it back on completion. */
  holdId: string;
  /** When the hold (re)started: a hold started over under the same id asks for a new guest record. */
  startedAt: Date;
  guest: { name: string; email: string; phone: string };
  language: Language;
  /** What the card answers for, shown on the provider's page: the party's fee and the cancellation rule. */
  amountCents: number;
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** The provider's own expiry, a fallback: Mesa ends the hold itself, earlier, through expireSetup. */
  expiresAt: Date;
}

export interface SavedCard {
  customerRef: string;
  paymentMethodRef: string;
  /** 'Visa ···· 4242'; null when the provider does not say. */
  cardLabel: string | null;
}

export type SetupState = { state: 'open'; url: string } | { state: 'complete'; card: SavedCard } | { state: 'expired' };

export interface ChargeRequest {
  /** Mesa's charge id: the provider's idempotency key, so a retried request charges once. */
  chargeId: string;
  reservationId: string;
  card: Pick<SavedCard, 'customerRef' | 'paymentMethodRef'>;
  amountCents: number;
  description: string;
}

/** A charge the guest's bank asked them to approve, paid on the provider's page instead (decision 041). */
export interface AuthorizationPageRequest {
  chargeId: string;
  /** The off-session attempt that asked for authentication: cancelled before the page is made, so only the page can take the money. */
  attemptRef: string | null;
  customerRef: string;
  amountCents: number;
  description: string;
  language: Language;
  /** Where the provider sends the guest after paying: '{CHECKOUT_SESSION_ID}' in it becomes the page's id. */
  returnUrl: string;
  /** Where the provider sends the guest who leaves the page without paying. */
  cancelUrl: string;
}

export type AuthorizationPage = { state: 'open'; url: string } | { state: 'paid' };

/** An approval page the guest came back from: the charge it was for and, when it took the money, that payment's ref. */
export interface AuthorizationPageState {
  chargeId: string;
  paidRef: string | null;
}

export type ChargeOutcome =
  | { status: 'succeeded'; ref: string }
  | { status: 'requires_authorization'; ref: string }
  | { status: 'failed'; ref: string | null; reason: string };

/** A provider's event, verified and reduced to what Mesa acts on. */
export type PaymentEvent = { id: string; type: string } & (
  | { kind: 'setup_completed'; checkoutRef: string }
  | { kind: 'setup_expired'; checkoutRef: string }
  /** chargeId: Mesa's charge the payment was for, when the provider carries it (the approval page's own payment). */
  | { kind: 'charge_succeeded'; chargeRef: string; chargeId: string | null }
  | { kind: 'charge_failed'; chargeRef: string; reason: string }
  | { kind: 'refunded'; chargeRef: string; refundedCents: number }
  | { kind: 'ignored' }
);

export type ConnectionCheck = { ok: true; accountName: string | null; livemode: boolean } | { ok: false; reason: string };

export interface PaymentProvider {
  readonly name: string;
  /** A page where the guest saves a card for later charges (SCA handled by the provider). */
  createSetup(request: SetupRequest): Promise<{ customerRef: string; checkoutRef: string; url: string }>;
  setupState(checkoutRef: string): Promise<SetupState>;
  /** Ends the page early; a page already completed or expired is left as it is. */
  expireSetup(checkoutRef: string): Promise<void>;
  chargeSavedCard(request: ChargeRequest): Promise<ChargeOutcome>;
  /**
   * The page where the guest approves a charge their bank held back: one per charge, answered again while open;
   * 'paid' when it (or the first attempt) has already taken the money.
   */
  authorizationPage(request: AuthorizationPageRequest): Promise<AuthorizationPage>;
  /** The approval page with this id (the one in returnUrl); null when the provider made no such page. */
  authorizationPageState(pageRef: string): Promise<AuthorizationPageState | null>;
  refund(request: { chargeRef: string; amountCents: number; refundId: string }): Promise<{ ref: string }>;
  /**
   * Forgets the saved card and the guest's record kept with it: the card can no longer be charged (a charge already
   * made can still be refunded). A card already released is no error.
   */
  release(card: Pick<SavedCard, 'customerRef' | 'paymentMethodRef'>): Promise<void>;
  /** Forgets the guest's record a page made that never saved a card. One already forgotten is no error. */
  forgetCustomer(customerRef: string): Promise<void>;
  /** Throws InvalidSignatureError unless the body is the provider's, signed with the webhook secret. */
  verifyEvent(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
  checkConnection(): Promise<ConnectionCheck>;
}

export class InvalidSignatureError extends Error {}

/** The provider could not be reached or refused the request: the message is the owner's to read, in Spanish. */
export class ProviderUnavailableError extends Error {}
