import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guestText } from '@shared/i18n/text-keys.ts';
import { BOOKING_WIDGET_PATH } from '@shared/routes.ts';
import { AppError } from './errors.ts';

const policy = (frameAncestors: string, styleSources: readonly string[] = []) => [
  "default-src 'self'",
  "script-src 'self'",
  ["style-src 'self'", ...styleSources].join(' '),
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  `frame-ancestors ${frameAncestors}`,
  "form-action 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
].join('; ');

export const CONTENT_SECURITY_POLICY = policy("'none'");

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `frameAncestors` only for /reservar, the booking widget (decision 028): the sites that may frame it besides Mesa's
 * own pages, and no X-Frame-Options, which can name no site (browsers that know CSP ignore it beside frame-ancestors).
 * `styleSources`: a page's own additions to style-src (`allowPageStyles`).
 */
export function securityHeaders(
  secure: boolean,
  frameAncestors: readonly string[] | null = null,
  styleSources: readonly string[] = [],
): Record<string, string> {
  return {
    'Content-Security-Policy': policy(frameAncestors ? ["'self'", ...frameAncestors].join(' ') : "'none'", styleSources),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(frameAncestors ? {} : { 'X-Frame-Options': 'DENY' }),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    ...(secure ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * `secure` is PUBLIC_URL being https. A request that reached us over https (directly, or through a trusted proxy's
 * X-Forwarded-Proto when TRUST_PROXY is set) also gets HSTS; a forged header from an untrusted client does not count.
 * `widgetOrigins`: the sites that may frame the widget, asked at each of its pages (they change without a restart,
 * decision 069); if they cannot be read, Mesa's own pages only.
 */
export function registerSecurityHeaders(app: FastifyInstance, secure: boolean, widgetOrigins: () => Promise<readonly string[]>): void {
  const byConfig = securityHeaders(secure);
  const overHttps = securityHeaders(true);
  app.addHook('onSend', async (request, reply) => {
    const https = request.protocol === 'https';
    const styleSources = pageStyleSources.get(reply);
    const frameAncestors = isWidgetPage(request) ? await widgetOrigins().catch(() => []) : null;
    if (styleSources || frameAncestors) reply.headers(securityHeaders(https || secure, frameAncestors, styleSources));
    else reply.headers(https ? overHttps : byConfig);
  });
}

const pageStyleSources = new WeakMap<FastifyReply, readonly string[]>();

/**
 * For an HTML page of the web client (decision 058): adds to its style-src a fresh nonce, which the page hands to the
 * <style> its dialogs' scroll lock inserts, and `hashes`, the fixed stylesheets dependencies insert (style-hashes.ts).
 * Returns the nonce: 128 random bits, base64. Every other answer keeps the plain policy.
 */
export function allowPageStyles(reply: FastifyReply, hashes: readonly string[]): string {
  const nonce = randomBytes(16).toString('base64');
  pageStyleSources.set(reply, [`'nonce-${nonce}'`, ...hashes]);
  return nonce;
}

/** The page itself only: its scripts, styles and API calls are no documents, and frame-ancestors never applies to them. */
function isWidgetPage(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && request.url.split('?')[0] === BOOKING_WIDGET_PATH;
}

/**
 * CSRF defence for every state-changing API call: the browser's Origin (or, failing that, Referer) must be
 * this site, either PUBLIC_URL or the Host the request was sent to. Cookies are also SameSite=Lax. `signedPaths`:
 * providers' webhooks, which no browser sends and which prove themselves by their signature instead.
 * `cookielessPrefixes`: APIs that never read a cookie (/api/v1 takes a Bearer key alone, which a browser does not
 * attach to a cross-site request), so a forged request carries nothing to abuse.
 */
export function registerCsrfProtection(
  app: FastifyInstance,
  publicUrl: URL,
  signedPaths: readonly string[] = [],
  cookielessPrefixes: readonly string[] = [],
): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (signedPaths.includes(request.url.split('?')[0]!)) return;
    if (cookielessPrefixes.some((prefix) => request.url.startsWith(prefix))) return;
    if (!isSameOrigin(request, publicUrl)) throw new AppError(403, 'csrf', guestText('http.csrf'));
  });
}

function isSameOrigin(request: FastifyRequest, publicUrl: URL): boolean {
  const claimed = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  if (!claimed) return false;
  const host = request.headers.host;
  return claimed === publicUrl.origin || (host !== undefined && claimed === `${request.protocol}://${host}`);
}

function originOf(value: string | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}
