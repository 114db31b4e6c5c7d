// Who the passkeys belong to (decision 039): PUBLIC_URL's host is the RP ID and its origin the only origin accepted.
// A passkey cannot belong to an IP address (WebAuthn's RP ID is a domain), so such an install has none.
import { isIP } from 'node:net';
import { passkeyMessages as text } from '@shared/staff-messages/passkeys.ts';
import { formatMessage } from '@shared/messages.ts';
import { AppError } from '../../platform/errors.ts';

export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: URL): RelyingParty | null {
  const host = publicUrl.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) === 0 ? { id: host, origin: publicUrl.origin } : null;
}

export function requireRelyingParty(publicUrl: URL): RelyingParty {
  const rp = relyingPartyOf(publicUrl);
  if (!rp) throw new AppError(409, 'passkeys_unavailable', text.unavailable);
  return rp;
}

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(A|iOS)?\//, 'Edge'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bOPR\//, 'Opera'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b/, 'Mac'],
  [/\bWindows\b/, 'Windows'],
  [/\bLinux\b/, 'Linux'],
];

/** A new passkey's name until its owner renames it: the browser and system it was added on, e.g. 'Chrome en Linux'. */
export function deviceName(userAgent: string | null): string {
  const browser = userAgent ? BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] : undefined;
  const system = userAgent ? SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] : undefined;
  if (browser && system) return formatMessage(text.deviceName, { browser, system });
  return browser ?? system ?? text.defaultName;
}
