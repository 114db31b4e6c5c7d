import { describe, expect, it } from 'vitest';
import { addressKind, checkAddress, guardedLookup, RefusedDestination } from './address-guard.ts';

describe('addressKind', () => {
  it('tells public addresses from the local network and from what is never a destination', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2a00:1450:4003:80f::200e']) expect(addressKind(address), address).toBe('public');
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.20', '169.254.169.254', '100.64.0.1', '::1', 'fd12:3456::1', 'fe80::1']) {
      expect(addressKind(address), address).toBe('local');
    }
    for (const address of ['0.0.0.0', '224.0.0.1', '255.255.255.255', '192.0.2.1', '::', 'ff02::1', 'not-an-ip']) expect(addressKind(address), address).toBe('never');
    expect(addressKind('172.32.0.1')).toBe('public');
  });

  it('judges an IPv4 address written as IPv6 as the IPv4 it is', () => {
    expect(addressKind('::ffff:127.0.0.1')).toBe('local');
    expect(addressKind('::ffff:7f00:1')).toBe('local');
    expect(addressKind('64:ff9b::a00:1')).toBe('local');
    expect(addressKind('::ffff:8.8.8.8')).toBe('public');
  });
});

describe('checkAddress', () => {
  it("refuses the local network unless 'red local' opens it, and never opens the rest", () => {
    expect(() => checkAddress('192.168.1.20', { allowLocal: false })).toThrow(RefusedDestination);
    expect(() => checkAddress('192.168.1.20', { allowLocal: true })).not.toThrow();
    expect(() => checkAddress('0.0.0.0', { allowLocal: true })).toThrow(RefusedDestination);
    expect(() => checkAddress('93.184.216.34', { allowLocal: false })).not.toThrow();
  });
});

describe('guardedLookup', () => {
  const resolve = (hostname: string, allowLocal: boolean) =>
    new Promise<string>((done, fail) => guardedLookup({ allowLocal })(hostname, {}, (error, address) => (error ? fail(error) : done(address as string))));

  it('refuses a name that resolves to the local network, and gives it when allowed', async () => {
    await expect(resolve('localhost', false)).rejects.toBeInstanceOf(RefusedDestination);
    expect(['127.0.0.1', '::1']).toContain(await resolve('localhost', true));
  });
});
