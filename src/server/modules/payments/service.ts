// What other modules (and the webhook's route) may use of payments: the provider as configured, and what the
// provider's events do to staff's no-show charges (issue 45).
export { findPaymentSettings, paymentProvider, type PaymentsContext, paymentsContext } from './connection.ts';
export { applyChargeEvent, type ChargeEvent } from './charge-events.ts';
export { chargeNoShow, chargeSummary, refundCharge } from './charges-service.ts';
