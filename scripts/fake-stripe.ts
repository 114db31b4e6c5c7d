import { parseArgs } from 'node:util';
import { startFakeStripe } from '../tests/fakes/stripe/fake-stripe-server.ts';

// npm run fake:stripe -- --port 12111 --webhook http://localhost:3000/api/… --webhook-secret whsec_…
// Try the card guarantee without a Stripe account: Mesa's STRIPE_API_URL points here, any sk_test_ key works.
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '12111' },
    host: { type: 'string', default: '127.0.0.1' },
    webhook: { type: 'string' },
    'webhook-secret': { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not '${values.port}'`);
  process.exit(2);
}
if (values.webhook !== undefined && !values['webhook-secret']?.startsWith('whsec_')) {
  console.error('--webhook needs --webhook-secret whsec_… (the signing secret pasted into Pagos)');
  process.exit(2);
}

const fake = await startFakeStripe({
  port,
  host: values.host,
  ...(values.webhook === undefined ? {} : { webhookUrl: values.webhook, webhookSecret: values['webhook-secret'] }),
});
console.log(
  `Fake Stripe listening on ${fake.url} — set STRIPE_API_URL=${fake.url} (any sk_test_ key)` +
    (values.webhook === undefined ? '; no webhook configured' : `; webhooks to ${values.webhook}`),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
