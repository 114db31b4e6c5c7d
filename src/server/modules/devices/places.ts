// Where a session signed in from, roughly (issue 44, decision 040): 'Red local' for the restaurant's own network, a
// city and country from a GeoIP database when the owner gave one (GEOIP_DATABASE: MaxMind's GeoLite2 or DB-IP's
// free City Lite, both .mmdb), otherwise nothing: Mesa asks no outside service where an address is.
import { BlockList, isIP } from 'node:net';
import maxmind, { type CityResponse, type Reader } from 'maxmind';
import { devicesMessages } from '@shared/staff-messages/devices.ts';

export type PlaceOf = (ipAddress: string | null) => string | null;

const LOCAL = new BlockList();
for (const [network, prefix] of [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['127.0.0.0', 8], ['169.254.0.0', 16]] as const) {
  LOCAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) LOCAL.addSubnet(network, prefix, 'ipv6');

/** '::ffff:192.168.1.20' (IPv4 through an IPv6 socket) is 192.168.1.20. */
const plainAddress = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

function isLocal(ip: string): boolean {
  const family = isIP(ip);
  return family !== 0 && LOCAL.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

function placeName(found: CityResponse | null): string | null {
  const name = (names: { readonly es?: string; readonly en?: string } | undefined) => names?.es ?? names?.en ?? null;
  const parts = [name(found?.city?.names), name(found?.country?.names)].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The lookup for this server: the database file is read once, at start-up; a file that is not one stops the start. */
export async function openPlaces(databasePath: string | undefined): Promise<PlaceOf> {
  const reader: Reader<CityResponse> | null = databasePath ? await maxmind.open<CityResponse>(databasePath) : null;
  return (ipAddress) => {
    if (!ipAddress) return null;
    const ip = plainAddress(ipAddress);
    if (isLocal(ip)) return devicesMessages.localNetwork;
    if (!reader || isIP(ip) === 0) return null;
    return placeName(reader.get(ip));
  };
}
