import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';

/*
 * Twilio's SDK always calls https://api.twilio.com (it has no base-URL option) but takes a custom `httpClient`,
 * as Twilio documents. With an apiUrl (TWILIO_API_URL: the local fake), this client sends each request there
 * instead, keeping the path and query; without one the SDK is left as it is.
 */

/** https://api.twilio.com/2010-04-01/… (or a regional host of twilio.com) → `${apiUrl}/2010-04-01/…`. */
export function rewriteTwilioUri(uri: string, apiUrl: string): string {
  const target = new URL(uri);
  const isTwilio = target.hostname === 'twilio.com' || target.hostname.endsWith('.twilio.com');
  if (target.protocol !== 'https:' || !isTwilio) return uri;
  const base = apiUrl.endsWith('/') ? apiUrl.slice(0, -1) : apiUrl;
  return `${base}${target.pathname}${target.search}`;
}

class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly apiUrl: string) {
    super();
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    return super.request({ ...opts, uri: rewriteTwilioUri(opts.uri, this.apiUrl) });
  }
}

export function twilioClient(accountSid: string, authToken: string, apiUrl?: string): twilio.Twilio {
  if (apiUrl === undefined) return twilio(accountSid, authToken);
  return twilio(accountSid, authToken, { httpClient: new RedirectingRequestClient(apiUrl) });
}
