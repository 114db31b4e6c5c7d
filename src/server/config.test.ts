import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, embedOrigin, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'mesa-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl.origin).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.trustProxy).toBe(false);
    expect(config.backup).toEqual({ hour: 4, keep: 14 });
    expect(config.embedOrigins).toEqual([]);
  });

  it('reads EMBED_ORIGINS as CSP sources: comma or space separated, normalised, once each', () => {
    const { embedOrigins } = loadConfig({
      DATA_DIR: dataDir(),
      EMBED_ORIGINS: ' https://www.Example.com/, http://localhost:8080\nhttps://*.example.org https://www.example.com:443 ',
    });
    expect(embedOrigins).toEqual(['https://www.example.com', 'http://localhost:8080', 'https://*.example.org']);
  });

  it('reads the nightly backup hour (or off) and how many backups to keep', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), BACKUP_HOUR: '0', BACKUP_KEEP: '3' }).backup).toEqual({ hour: 0, keep: 3 });
    expect(loadConfig({ DATA_DIR: dataDir(), BACKUP_HOUR: '23' }).backup.hour).toBe(23);
    expect(loadConfig({ DATA_DIR: dataDir(), BACKUP_HOUR: 'off' }).backup.hour).toBeNull();
  });

  it.each([
    ['PORT', { PORT: 'seventy' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'localhost:3000' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.com' }],
    ['SESSION_SECRET', { SESSION_SECRET: 'short' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['BACKUP_HOUR', { BACKUP_HOUR: '24' }],
    ['BACKUP_HOUR', { BACKUP_HOUR: '04:00' }],
    ['BACKUP_KEEP', { BACKUP_KEEP: '0' }],
    ['BACKUP_KEEP', { BACKUP_KEEP: 'catorce' }],
    ...['www.example.com', 'https://example.com/reservas', 'ftp://example.com', '*', 'https://*', 'https://*.com',
      'https://a.*.example.com', 'https://example.com?x', 'https://user@example.com', "'self'"].map(
      (origin): [string, Record<string, string>] => ['EMBED_ORIGINS', { EMBED_ORIGINS: `https://ok.example ${origin}` }],
    ),
  ])('stops with one line naming %s when it is invalid', (name, env) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`));
  });

  it('names the EMBED_ORIGINS entry it stops at, quoted', () => {
    const env = { DATA_DIR: dataDir(), EMBED_ORIGINS: 'https://ok.example https://www.restaurante.example;script-src' };
    expect(() => loadConfig(env)).toThrow('Invalid environment variable EMBED_ORIGINS: "https://www.restaurante.example;script-src" is not an origin');
  });

  it('leaves an unset SESSION_SECRET to the database and writes nothing under DATA_DIR', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBeUndefined();
    expect(existsSync(join(dir, 'session-secret'))).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 's'.repeat(32) }).sessionSecret).toBe('s'.repeat(32));
  });
});

// Issue 41, item 3: an EMBED_ORIGINS entry goes into /reservar's CSP, so only a plain origin may pass.
describe('embedOrigin', () => {
  it.each([
    ['https://www.restaurante.example', 'https://www.restaurante.example'],
    ['https://www.restaurante.example/', 'https://www.restaurante.example'],
    ['HTTPS://WWW.Restaurante.EXAMPLE', 'https://www.restaurante.example'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['https://127.0.0.1:8443', 'https://127.0.0.1:8443'],
    ['https://[::1]:8443', 'https://[::1]:8443'],
    ['https://[2001:DB8:0:0:0:0:0:1]', 'https://[2001:db8::1]'],
    ['https://*.restaurante.example', 'https://*.restaurante.example'],
    ['https://xn--caf-dma.example', 'https://xn--caf-dma.example'],
    ['https://café.example', 'https://xn--caf-dma.example'],
    ['https://www.restaurante.example:443', 'https://www.restaurante.example'],
    ['http://www.restaurante.example:80', 'http://www.restaurante.example'],
    ['https://www.restaurante.example:65535', 'https://www.restaurante.example:65535'],
    [`https://${'a'.repeat(63)}.example`, `https://${'a'.repeat(63)}.example`],
    ['https://mi-restaurante.example', 'https://mi-restaurante.example'],
  ])('takes %s as %s', (entry, origin) => {
    expect(embedOrigin(entry)).toBe(origin);
  });

  it.each([
    'https://www.restaurante.example;script-src',
    "https://a.example'unsafe-inline'",
    'https://a.example,https://b.example',
    'https://www.restaurante.example/reservas',
    'https://www.restaurante.example?x=1',
    'https://www.restaurante.example#top',
    'https://user@www.restaurante.example',
    'https://user:pass@www.restaurante.example',
    'ftp://www.restaurante.example',
    'javascript://www.restaurante.example',
    'www.restaurante.example',
    '*',
    'https://*',
    'https://*.example',
    'https://a.*.example',
    'https://*a.example',
    'https://**.example',
    'https://www.restaurante.example:0',
    'https://www.restaurante.example:65536',
    'https://www.restaurante.example:99999999',
    'https://www.restaurante.example:',
    'https://www.restaurante.example:8a',
    'https://www..example',
    'https://.example',
    'https://www.restaurante.example.',
    `https://${'a'.repeat(64)}.example`,
    'https://-www.restaurante.example',
    'https://www-.restaurante.example',
    'https://www_1.restaurante.example',
    'https://xn--zz.example',
    'https://a；b.example',
    'https://www.restaurante.example／reservas',
    'https://café.example?x',
    'https://café.example／x',
    'https://256.1.1.1',
    'https://1.2.3',
    'https://[::1',
    'https://[::1]x',
    'https://[fe80::1%25eth0]',
    'https://[::1];script-src',
    'https://restaurante',
    'https://www.restaurante.example\\',
    "'self'",
    '',
  ])('refuses %s', (entry) => {
    expect(embedOrigin(entry)).toBeNull();
  });

  // Host-like entries with, now and then, a character that is not a host's: a few percent pass.
  const hostile = [';', "'", ',', ' ', '[', ']', ':', '/', '@', '%', '*', '-', '；', '／', '？', '＃', '\u00a0', '\u3002'];
  const piece = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('a', 'Z', '0', 'é', 'xn--') }, { weight: 1, arbitrary: fc.constantFrom(...hostile) });
  const label = fc.array(piece, { minLength: 1, maxLength: 5 }).map((pieces) => pieces.join(''));
  const entries = fc
    .tuple(
      fc.constantFrom('http://', 'HTTPS://', 'ftp://'),
      fc.constantFrom('', '*.'),
      fc.array(label, { minLength: 1, maxLength: 4 }),
      fc.constantFrom('', ':8443', ':0', ':443', ";'", '/', '/x', '?x'),
    )
    .map(([scheme, wildcard, labels, tail]) => scheme + wildcard + labels.join('.') + tail);

  it('never lets through a character that could end or add to a CSP directive', () => {
    fc.assert(
      fc.property(fc.oneof(entries, fc.string({ unit: 'binary', maxLength: 60 })), (entry) => {
        const origin = embedOrigin(entry);
        if (origin === null) return;
        expect(origin).not.toMatch(/[;',\s]/);
        expect(origin).toMatch(/^https?:\/\/[\w.*:[\]-]+$/);
        expect(embedOrigin(origin)).toBe(origin);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes any DNS name with a port, lower-cased', () => {
    fc.assert(
      fc.property(fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 })), (domain, port) => {
        fc.pre(domain.includes('.') && !domain.split('.').some((label) => label.startsWith('xn--')));
        const entry = `https://${domain.toUpperCase()}${port === null ? '' : `:${port}`}`;
        const expected = `https://${domain}${port === null || port === 443 ? '' : `:${port}`}`;
        expect(embedOrigin(entry)).toBe(expected);
      }),
    );
  });
});
