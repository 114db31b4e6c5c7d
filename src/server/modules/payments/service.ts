// What other modules and the app take from payments (issue 45): the card guarantee's gate into a guest's request,
// the provider's connection, the public and webhook routes, and the job that ends holds whose time ran out.
export { guaranteeGate } from './guarantee-gate.ts';
export { paymentsContext, type PaymentsContext } from './connection.ts';
export { registerPublicHoldRoutes } from './hold-routes.ts';
export { registerPaymentWebhookRoutes, STRIPE_WEBHOOK_PATH } from './webhook-routes.ts';
export { paymentsJob } from './jobs.ts';
