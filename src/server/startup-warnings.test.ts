import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { isMountPoint, startupWarnings } from './startup-warnings.ts';

const config = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: '/data', SESSION_SECRET: 'startup-warnings-secret-0123456789abcdef0123', ...env });
const outside = { inContainer: false, dataDirIsVolume: false };

describe('start-up warnings (issue 43)', () => {
  it('warns of an http PUBLIC_URL behind a proxy, but not on localhost or with https', () => {
    const [warning] = startupWarnings(config({ PUBLIC_URL: 'http://mesa.example.es', TRUST_PROXY: 'true' }), outside);
    expect(warning).toContain('set PUBLIC_URL to https://mesa.example.es');
    expect(startupWarnings(config({ PUBLIC_URL: 'https://mesa.example.es', TRUST_PROXY: 'true' }), outside)).toEqual([]);
    expect(startupWarnings(config({ PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: 'true' }), outside)).toEqual([]);
    expect(startupWarnings(config({ PUBLIC_URL: 'http://mesa.example.es' }), outside)).toEqual([]);
  });

  it('warns of a container whose DATA_DIR is not a volume, for what would be lost', () => {
    const bare = { inContainer: true, dataDirIsVolume: false };
    expect(startupWarnings(config({}), bare).join()).toContain('the embedded database, its backups and the secrets key go with the container');
    expect(startupWarnings(config({ DATABASE_URL: 'postgres://db/mesa' }), bare).join()).toContain('the backups and the secrets key go');
    expect(startupWarnings(config({ DATABASE_URL: 'postgres://db/mesa', SECRETS_KEY: 'k'.repeat(44) }), bare)).toEqual([]);
    expect(startupWarnings(config({}), { inContainer: true, dataDirIsVolume: true })).toEqual([]);
  });

  it('finds a mount point in mountinfo, escaped names included', () => {
    const info = [
      '22 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw',
      '310 22 0:52 /volumes/mesa/_data /data rw,relatime - ext4 /dev/sda1 rw',
      '311 22 0:53 / /srv/my\\040data rw - tmpfs tmpfs rw',
    ].join('\n');
    expect(isMountPoint('/data', info)).toBe(true);
    expect(isMountPoint('/srv/my data', info)).toBe(true);
    expect(isMountPoint('/data/backups', info)).toBe(false);
  });
});
