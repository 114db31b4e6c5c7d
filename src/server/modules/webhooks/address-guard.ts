// Where a webhook may be delivered (issue 48: SSRF). The address is judged when the connection is made, from what
// the name resolves to then, so a name that pointed outside at saving and inside at delivery (DNS rebinding) is
// refused too. 'Red local' (the owner's tick) opens the restaurant's own network; nothing opens the rest below.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Never a destination: "this network", multicast, reserved and broadcast, documentation and benchmarking ranges. */
const NEVER = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['192.0.0.0', 24], ['192.0.2.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  NEVER.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::', 128], ['100::', 64], ['2001:db8::', 32], ['ff00::', 8]] as const) NEVER.addSubnet(network, prefix, 'ipv6');

/** The restaurant's own network: loopback, private, shared (CGNAT), link-local and unique-local addresses. */
const LOCAL = new BlockList();
for (const [network, prefix] of [['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  LOCAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) LOCAL.addSubnet(network, prefix, 'ipv6');

export type AddressKind = 'public' | 'local' | 'never';

/** The URL's host as an address or a name: an IPv6 address without its brackets. */
export const bareHost = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

/** An IPv4 address written inside IPv6 (::ffff:10.0.0.1, NAT64's 64:ff9b::a00:1) is judged as the IPv4 it is. */
function embeddedIpv4(address: string): string | null {
  const mapped = /^(?:::ffff:|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function addressKind(address: string): AddressKind {
  const family = isIP(address);
  if (family === 0) return 'never';
  const v4 = family === 6 ? embeddedIpv4(address) : address;
  const [ip, type] = v4 ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
  if (NEVER.check(ip, type)) return 'never';
  return LOCAL.check(ip, type) ? 'local' : 'public';
}

export interface DestinationPolicy {
  /** 'Red local': the endpoint may be on the restaurant's own network. */
  allowLocal: boolean;
}

export class RefusedDestination extends Error {
  constructor(readonly address: string) {
    super(`refused destination ${address}`);
  }
}

export function checkAddress(address: string, policy: DestinationPolicy): void {
  const kind = addressKind(address);
  if (kind === 'never' || (kind === 'local' && !policy.allowLocal)) throw new RefusedDestination(address);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request: resolves the name, refuses it when any of its addresses is refused (an attacker's
 * name may answer a public and a private address), and connects to what it checked.
 */
export function guardedLookup(policy: DestinationPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      try {
        for (const { address } of addresses) checkAddress(address, policy);
      } catch (refused) {
        return callback(refused as NodeJS.ErrnoException, []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
