import { resolve } from 'node:path';
import { domainToASCII } from 'node:url';
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
 * One EMBED_ORIGINS entry as `frame-ancestors` takes it (issue 41): http or https, a host and an optional port, a
 * trailing slash dropped; lower-cased, the scheme's own port dropped, an IDN written in punycode. The host is a DNS
 * name of two labels or more, `localhost`, an IPv4 address, a bracketed IPv6 address, or `*.` and a DNS name for its
 * subdomains. Null for anything else: whatever passes goes into a CSP header, so it is checked character by
 * character rather than left to the URL parser, which keeps `;` and `'` in a host.
 */
export function embedOrigin(entry: string): string | null {
  const separator = entry.indexOf('://');
  const scheme = entry.slice(0, Math.max(separator, 0)).toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return null;
  const authority = entry.slice(separator + 3).replace(/\/$/, '');
  const bracketEnd = authority.startsWith('[') ? authority.indexOf(']') + 1 : 0;
  const colon = authority.indexOf(':', bracketEnd);
  const rawHost = colon < 0 ? authority : authority.slice(0, colon);
  const host = rawHost.startsWith('[') ? ipv6Host(rawHost) : rawHost.startsWith('*.') ? wildcardHost(rawHost) : plainHost(rawHost);
  const port = colon < 0 ? '' : portNumber(authority.slice(colon + 1));
  if (host === null || port === null) return null;
  const ownPort = port === (scheme === 'https' ? '443' : '80');
  return `${scheme}://${host}${port && !ownPort ? `:${port}` : ''}`;
}

function portNumber(text: string): string | null {
  if (!/^\d{1,5}$/.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? String(port) : null;
}

function ipv6Host(host: string): string | null {
  if (!host.endsWith(']') || !/^[\da-f:.]+$/i.test(host.slice(1, -1))) return null;
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}

function wildcardHost(host: string): string | null {
  const domain = dnsName(host.slice(2));
  return domain === null ? null : `*.${domain}`;
}

function plainHost(host: string): string | null {
  if (host.toLowerCase() === 'localhost') return 'localhost';
  const parts = host.split('.');
  if (parts.length === 4 && parts.every((part) => /^\d{1,3}$/.test(part))) {
    return parts.every((part) => Number(part) <= 255 && String(Number(part)) === part) ? host : null;
  }
  return dnsName(host);
}

/** Two or more labels of letters, digits and inner hyphens, up to 63 characters each; an IDN turned to punycode. */
function dnsName(name: string): string | null {
  // domainToASCII parses a URL's host: it would cut a path or a query off, and keep a ';'. So nothing but letters,
  // digits, hyphens, dots and non-ASCII letters may reach it, once compatibility forms are folded ('；' is ';').
  const folded = name.normalize('NFKC');
  if (![...folded].every((character) => character > '\x7f' || /[\da-z.-]/i.test(character))) return null;
  // It lower-cases, maps an IDN to punycode and answers '' for invalid punycode; what it leaves is checked again.
  const ascii = domainToASCII(folded);
  const labels = ascii.split('.');
  if (ascii.length > 253 || labels.length < 2 || /^\d+$/.test(labels.at(-1)!)) return null;
  const valid = (label: string) => label.length <= 63 && /^[a-z\d-]+$/.test(label) && !label.startsWith('-') && !label.endsWith('-');
  return labels.every(valid) ? ascii : null;
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
          message: `${JSON.stringify(entry)} is not an origin: write scheme and host (and port), no path, e.g. https://www.example.com or https://*.example.com`,
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
  GEOIP_DATABASE: z.string().trim().min(1).optional(),
  STRIPE_API_URL: optionalUrl(['http:', 'https:']),
  WHATSAPP_API_URL: optionalUrl(['http:', 'https:']),
  TWILIO_API_URL: optionalUrl(['http:', 'https:']),
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
  /** A GeoIP city database (.mmdb) for the approximate place of a session in 'Mis dispositivos'; unset: none. */
  geoipDatabase: string | undefined;
  /** Where the Stripe SDK sends its requests (a local fake in tests and trials); unset: Stripe itself. */
  stripeApiUrl: URL | undefined;
  /** Where WhatsApp (Graph API) and Twilio requests go (local fakes in tests and trials); unset: Meta and Twilio. */
  whatsappApiUrl: URL | undefined;
  twilioApiUrl: URL | undefined;
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
    geoipDatabase: values.GEOIP_DATABASE === undefined ? undefined : resolve(values.GEOIP_DATABASE),
    stripeApiUrl: values.STRIPE_API_URL === undefined ? undefined : new URL(values.STRIPE_API_URL),
    whatsappApiUrl: values.WHATSAPP_API_URL === undefined ? undefined : new URL(values.WHATSAPP_API_URL),
    twilioApiUrl: values.TWILIO_API_URL === undefined ? undefined : new URL(values.TWILIO_API_URL),
  };
}

/** 'Mesa <reservas@example.com>' → 'reservas@example.com'. */
export function mailAddress(from: string): string {
  return /<([^<>]+)>/.exec(from)?.[1] ?? from;
}
