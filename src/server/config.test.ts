import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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

  it('leaves an unset SESSION_SECRET to the database and writes nothing under DATA_DIR', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBeUndefined();
    expect(existsSync(join(dir, 'session-secret'))).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 's'.repeat(32) }).sessionSecret).toBe('s'.repeat(32));
  });
});
