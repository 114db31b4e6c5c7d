import { resolve } from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || protocols.includes(safeProtocol(value)), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });

/**
 * One EMBED_ORIGINS entry as `frame-ancestors` takes it: scheme, host and optional port, lower-cased, a trailing
 * slash dropped; `https://*.example.com` stands for its subdomains. Null for anything else (a path, a query, a
 * bare `*`, another scheme).
 */
export function embedOrigin(entry: string): string | null {
  const wildcard = /^https?:\/\/\*\./i.test(entry);
  if (/[?#@\\]/.test(entry)) return null;
  let url: URL;
  try {
    url = new URL(wildcard ? entry.replace('*.', 'wildcard.') : entry);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.pathname !== '/' || url.hostname.includes('*') || (wildcard && !url.hostname.slice('wildcard.'.length).includes('.'))) {
    return null;
  }
  return wildcard ? url.origin.replace('://wildcard.', '://*.') : url.origin;
}

const embedOrigins = z
  .string()
  .optional()
  .transform((value, context) => {
    const origins: string[] = [];
    for (const entry of (value ?? '').split(/[\s,]+/).filter(Boolean)) {
      const origin = embedOrigin(entry);
      if (origin === null) {
        context.addIssue({
          code: 'custom',
          message: `"${entry}" is not an origin: write scheme and host (and port), no path, e.g. https://www.example.com or https://*.example.com`,
        });
        return z.NEVER;
      }
      if (!origins.includes(origin)) origins.push(origin);
    }
    return origins;
  });

function safeProtocol(value: string): string {
  try {
    return new URL(value).protocol;
  } catch {
    return '';
  }
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().trim().min(3).default('Mesa <reservas@localhost>'),
  SESSION_SECRET: z
    .string()
    .optional()
    .refine((value) => value === undefined || value.length >= 32, { message: 'must be at least 32 characters long' }),
  SECRETS_KEY: z
    .string()
    .optional()
    .refine((value) => value === undefined || value.length >= 32, { message: 'must be at least 32 characters long' }),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  VAPID_PUBLIC_KEY: z.string().trim().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().trim().min(20).optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .optional()
    .refine((value) => value === undefined || /^(?:mailto:|https:\/\/)/.test(value), {
      message: 'must start with mailto: or https://',
    }),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  BACKUP_HOUR: z
    .string()
    .trim()
    .default('4')
    .refine((value) => value === 'off' || /^\d{1,2}$/.test(value) && Number(value) <= 23, {
      message: 'must be an hour from 0 to 23 (Madrid time), or off',
    })
    .transform((value) => (value === 'off' ? null : Number(value))),
  BACKUP_KEEP: z
    .string()
    .trim()
    .default('14')
    .refine((value) => /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= 1000, {
      message: 'must be a whole number of backups from 1 to 1000',
    })
    .transform(Number),
  EMBED_ORIGINS: embedOrigins,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: URL;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SESSION_SECRET; unset means generated once and kept in the database (loadSessionSecret). */
  sessionSecret: string | undefined;
  /** Encrypts the secrets typed in the browser (the SMTP password); unset means DATA_DIR/secrets-key (secret-box.ts). */
  secretsKey: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Behind a reverse proxy: take the client IP and protocol from X-Forwarded-* headers. */
  trustProxy: boolean;
  /** Web Push identity; keys unset means generated once and kept in the database. */
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** The nightly backup into DATA_DIR/backups: its hour in Madrid (null: off) and how many files stay. */
  backup: { hour: number | null; keep: number };
  /** The sites allowed to show /reservar in a frame (EMBED_ORIGINS), as CSP sources; empty: Mesa's own pages only. */
  embedOrigins: readonly string[];
}

/** Start-up stops with this: one line that names the variable. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const values = parsed.data;
  const dataDir = resolve(values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    publicUrl: new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    sessionSecret: values.SESSION_SECRET,
    secretsKey: values.SECRETS_KEY,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    vapid: {
      ...(values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
        ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
        : {}),
      subject: values.VAPID_SUBJECT ?? `mailto:${mailAddress(values.MAIL_FROM)}`,
    },
    backup: { hour: values.BACKUP_HOUR, keep: values.BACKUP_KEEP },
    embedOrigins: values.EMBED_ORIGINS,
  };
}

/** 'Mesa <reservas@example.com>' → 'reservas@example.com'. */
export function mailAddress(from: string): string {
  return /<([^<>]+)>/.exec(from)?.[1] ?? from;
}
