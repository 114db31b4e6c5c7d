// Who the passkeys belong to (decision 039): PUBLIC_URL's host is the RP ID and its origin the only origin accepted.
// A passkey cannot belong to an IP address (WebAuthn's RP ID is a domain), so such an install has none.
import { isIP } from 'node:net';
import { passkeyMessages as text } from '@shared/staff-messages/passkeys.ts';
import { formatMessage } from '@shared/messages.ts';
import { AppError } from '../../platform/errors.ts';
import { deviceOf } from '../devices/service.ts';

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

/** A new passkey's name until its owner renames it: the browser and system it was added on, e.g. 'Chrome en Linux'. */
export function deviceName(userAgent: string | null): string {
  const { browser, system } = deviceOf(userAgent);
  if (browser && system) return formatMessage(text.deviceName, { browser, system });
  return browser ?? system ?? text.defaultName;
}
