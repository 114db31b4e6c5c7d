// What other modules and the app take from payments (issue 45): the card guarantee's gate into a guest's request,
// the provider's connection, the public and webhook routes, the job that ends holds whose time ran out, and staff's
// no-show charges with what the provider's events do to them.
export { guaranteeGate } from './guarantee-gate.ts';
export { findPaymentSettings, paymentProvider, type PaymentsContext, paymentsContext } from './connection.ts';
export { registerPublicHoldRoutes } from './hold-routes.ts';
export { registerChargeApprovalRoutes } from './charge-approval.ts';
export { registerPaymentWebhookRoutes, STRIPE_WEBHOOK_PATH } from './webhook-routes.ts';
export { paymentsJob, watchSettledBookings } from './jobs.ts';
export { applyChargeEvent, type ChargeEvent } from './charge-events.ts';
export { chargeNoShow, chargeSummary, refundCharge } from './charges-service.ts';
