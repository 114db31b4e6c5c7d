import { parseArgs } from 'node:util';
import { TWILIO_WEBHOOK_PATH, WHATSAPP_WEBHOOK_PATH, mesaEndpoint } from '../tests/fakes/messaging/callbacks.ts';
import { startFakeMessaging } from '../tests/fakes/messaging/fake-messaging-server.ts';

// npm run fake:messaging -- --port 12112 --mesa http://localhost:3000 --app-secret S --twilio-auth-token T
// Try WhatsApp and SMS without accounts: a local Meta Graph API and Twilio on one port, a page at / to answer as the
// guest, and the providers' signed callbacks sent to Mesa's webhooks.
const USAGE =
  'Usage: npm run fake:messaging -- --mesa <Mesa base URL> --app-secret <S> --twilio-auth-token <T> ' +
  '[--port 12112] [--host 127.0.0.1] [--verify-token <V>] [--access-token <A>] [--twilio-account-sid AC…]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', default: '12112' },
      host: { type: 'string', default: '127.0.0.1' },
      mesa: { type: 'string' },
      'app-secret': { type: 'string' },
      'verify-token': { type: 'string' },
      'access-token': { type: 'string' },
      'twilio-auth-token': { type: 'string' },
      'twilio-account-sid': { type: 'string' },
    },
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const port = Number(values.port);
if (!/^\d+$/.test(values.port) || port > 65535) fail(`--port must be a port number, not '${values.port}'`);
const mesa = values.mesa;
if (mesa === undefined) fail("--mesa is required: Mesa's base URL, e.g. http://localhost:3000");
if (!URL.canParse(mesa) || !/^https?:$/.test(new URL(mesa).protocol)) fail(`--mesa must be an http(s) URL, not '${mesa}'`);
const appSecret = values['app-secret'];
if (!appSecret) fail('--app-secret is required: the app secret saved in Mensajería, which signs the WhatsApp callbacks');
const authToken = values['twilio-auth-token'];
if (!authToken) fail('--twilio-auth-token is required: the auth token saved in Mensajería, which signs the SMS callbacks');
const accountSid = values['twilio-account-sid'];
if (accountSid !== undefined && !/^AC[0-9a-f]{32}$/i.test(accountSid)) fail(`--twilio-account-sid must be AC followed by 32 hex digits, not '${accountSid}'`);

const fake = await startFakeMessaging({
  port,
  host: values.host,
  mesaUrl: mesa,
  whatsapp: { appSecret, ...(values['access-token'] ? { accessToken: values['access-token'] } : {}), ...(values['verify-token'] ? { verifyToken: values['verify-token'] } : {}) },
  twilio: { authToken, ...(accountSid ? { accountSid } : {}) },
});

console.log(`Fake WhatsApp Cloud API and Twilio listening on ${fake.url}; the guest's phone: ${fake.url}/`);
console.log(`  WHATSAPP_API_URL=${fake.url}  (${values['access-token'] ? 'the access token given' : 'any access token'}, any phone number id)`);
console.log(`  TWILIO_API_URL=${fake.url}  (${accountSid ?? 'any AC… account SID'} with the auth token given)`);
console.log(`Callbacks go to ${mesaEndpoint(mesa, WHATSAPP_WEBHOOK_PATH)} and ${mesaEndpoint(mesa, TWILIO_WEBHOOK_PATH)} (SMS statuses to each message's StatusCallback)`);

if (values['verify-token']) {
  fake.verifyWebhook().then(
    (result) => console.log(result.ok ? 'Webhook verification: Mesa answered the challenge' : `Webhook verification failed: HTTP ${result.status} ${result.body.slice(0, 200)}`),
    (error: unknown) => console.log(`Webhook verification failed: ${error instanceof Error ? error.message : String(error)}`),
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
