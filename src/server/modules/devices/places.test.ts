import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openPlaces } from './places.ts';

// MaxMind's own test database (github.com/maxmind/MaxMind-DB, test-data; MIT or Apache-2.0): its addresses are
// documented there, e.g. 81.2.69.160 in London.
const TEST_DATABASE = fileURLToPath(new URL('../../../../tests/fixtures/GeoLite2-City-Test.mmdb', import.meta.url));

describe('openPlaces', () => {
  it("names the restaurant's own network whatever the database", async () => {
    const placeOf = await openPlaces(undefined);
    for (const ip of ['192.168.1.20', '10.0.0.7', '127.0.0.1', '::1', '::ffff:172.16.4.2', 'fe80::1']) expect(placeOf(ip)).toBe('Red local');
  });

  it('says nothing of a public address without a GeoIP database, nor of what is not an address', async () => {
    const placeOf = await openPlaces(undefined);
    expect(placeOf('81.2.69.160')).toBeNull();
    expect(placeOf(null)).toBeNull();
    expect(placeOf('not-an-ip')).toBeNull();
  });

  it('gives the city and the country in Spanish when the database has them, in English otherwise', async () => {
    const placeOf = await openPlaces(TEST_DATABASE);
    expect(placeOf('81.2.69.160')).toBe('Londres, Reino Unido');
    expect(placeOf('::ffff:2.125.160.216')).toBe('Boxford, Reino Unido');
    expect(placeOf('8.8.8.8')).toBeNull();
  });

  it('refuses to start on a file that is not a GeoIP database', async () => {
    await expect(openPlaces(fileURLToPath(import.meta.url))).rejects.toThrow();
  });
});
