// Settings that start but would hurt later (issue 43), said in the log at start-up.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from './config.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether this process runs in a container (Docker writes /.dockerenv, Podman /run/.containerenv). */
export const inContainer = (): boolean => existsSync('/.dockerenv') || existsSync('/run/.containerenv');

/** Whether `dir` is a mount point of its own (a volume or a bind mount), from /proc/self/mountinfo. */
export function isMountPoint(dir: string, mountInfo: string = readFileSync('/proc/self/mountinfo', 'utf8')): boolean {
  const target = resolve(dir);
  // The fifth field is the mount point, with spaces and other characters escaped as \ooo.
  return mountInfo
    .split('\n')
    .map((line) => line.split(' ')[4]?.replace(/\\(\d{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8))))
    .some((point) => point === target);
}

export interface StartContext {
  inContainer: boolean;
  dataDirIsVolume: boolean;
}

export function startupWarnings(config: Config, context: StartContext): string[] {
  const warnings: string[] = [];
  const url = config.publicUrl;
  if (config.trustProxy && url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname)) {
    warnings.push(
      `PUBLIC_URL is ${url.origin} (http) while TRUST_PROXY says Mesa is behind a proxy: if the proxy serves HTTPS, set PUBLIC_URL to https://${url.host}, or guests' links and the staff's sign-in cookie will use http.`,
    );
  }
  // On PostgreSQL, DATA_DIR still holds the backups and, without SECRETS_KEY, the key that seals the SMTP password.
  const lost = config.databaseUrl ? (config.secretsKey ? null : 'the backups and the secrets key') : 'the embedded database, its backups and the secrets key';
  if (context.inContainer && !context.dataDirIsVolume && lost) {
    warnings.push(`DATA_DIR (${config.dataDir}) is not a volume: ${lost} go with the container. Mount a volume there (compose.yaml does).`);
  }
  return warnings;
}

/** The warnings for this process. */
export function currentStartupWarnings(config: Config): string[] {
  const container = inContainer();
  const volume = (() => {
    try {
      return container && isMountPoint(config.dataDir);
    } catch {
      return false;
    }
  })();
  return startupWarnings(config, { inContainer: container, dataDirIsVolume: volume });
}
