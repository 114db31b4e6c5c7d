// Webhooks (issue 48, item 3; decision 051): what other modules may call. An event is queued in the transaction of
// the change that caused it; the worker delivers it.
export { queueWebhookEvents, type WebhookEventInput } from './queue.ts';
export { WebhookWorker } from './worker.ts';
export { webhookPruneJob } from './deliveries.ts';
