import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { madridToday } from '@shared/rules/madrid-time.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { loginAttempts } from '../../src/server/db/schema.ts';
import { adminIndexHtml } from '../../src/server/pages/web-assets.ts';
import { pageLoaderHtml } from '../../src/server/pages/page-prerender.ts';
import { configure, insertReservation } from '../support/factories.ts';
import { BUILT_INDEX_HTML, pagePolicy, splitStyleNonce } from '../support/built-index.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Decision 024: /admin's Reservas tab rendered by the server, from the web client's own components, for the member
// of staff who asks.
const HOSTILE_GUEST = '<img src=x onerror=alert(1)> Ana';
const HOSTILE_RESTAURANT = 'Casa "Lola" & <b>';

const { app, db, owner } = useApiSuite({
  builtIndex: true,
  ownerEmail: 'owner-prerender@example.com',
  async afterStart() {
    await configure(db(), { name: HOSTILE_RESTAURANT });
    const today = madridToday(new Date());
    // Late in the day, so that it is still to come whenever the test runs.
    await insertReservation(db(), { customerName: HOSTILE_GUEST, reservationDate: today, reservationTime: '23:30', numberOfPeople: 4, status: 'confirmed' });
    await insertReservation(db(), { customerName: 'Bruno Díaz', reservationDate: today, reservationTime: '23:00', numberOfPeople: 2, status: 'confirmed' });
  },
});
let spinnerPage: string;
beforeAll(async () => {
  spinnerPage = adminIndexHtml(BUILT_INDEX_HTML, '', await pageLoaderHtml());
});

async function admin(url: string, cookie?: string) {
  const response = await app().request({ method: 'GET', url, cookie, headers: { 'accept-encoding': 'br' } });
  const html = response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload).toString('utf8') : response.body;
  return { response, ...splitStyleNonce(html) };
}

/**
 * The query cache the page carries, read back as the browser's dataset would (entities decoded). #root is inert: the
 * page can be used once the browser has hydrated it.
 */
function stateOf(html: string): { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> } {
  const attribute = /<div id="root" inert data-rendered-at="\d+" data-language="es" data-query-state="([^"]*)">/.exec(html)?.[1];
  if (attribute === undefined) throw new Error('no data-query-state on #root');
  const decoded = attribute.replace(/&(lt|gt|quot|#x27|#39|amp);/g, (_, entity: string) =>
    ({ lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", amp: '&' })[entity]!,
  );
  return JSON.parse(decoded) as ReturnType<typeof stateOf>;
}


describe('GET /admin for a member of staff', () => {
  it('holds the Reservas tab with today\'s bookings, every value escaped, and the data it was rendered from', async () => {
    const { response, html, nonce } = await admin('/admin', owner());
    expect(response.statusCode).toBe(200);
    // A signed-in person's data: never kept by a cache, under the same CSP as every page.
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toBe(pagePolicy(nonce));
    expect(html).toContain(`<title>${staffMessages.admin.header.title} · Casa &quot;Lola&quot; &amp; &lt;b&gt;</title>`);
    expect(html).toContain('owner-prerender@example.com');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Ana');
    expect(html).toContain('Bruno Díaz');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
    // The day's totals line, the host's first question.
    expect(html).toContain('>6 cubiertos · 0 sentados · 6 por llegar</p>');
    // Nothing the CSP would block: no inline script, no style attribute, no boundary left for a script to reveal.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toMatch(/ style="/);
    expect(html).not.toContain('<!--$?-->');
    // The browser starts from the same answers: today's list as the API gives it.
    const state = stateOf(html);
    const today = state.queries.find((query) => JSON.stringify(query.queryKey) === '["reservations","today"]');
    expect((today?.state.data as Array<{ customerName: string }>).map((row) => row.customerName).sort()).toEqual([HOSTILE_GUEST, 'Bruno Díaz'].sort());
  });

  it('renders each person\'s own page when two ask at once', async () => {
    const cookies = await Promise.all(['uno', 'dos', 'tres', 'cuatro'].map((name) => app().signIn({ email: `${name}-prerender@example.com`, roles: ['floor'] })));
    const pages = await Promise.all(cookies.map((cookie) => admin('/admin', cookie)));
    pages.forEach(({ html }, index) => {
      const own = ['uno', 'dos', 'tres', 'cuatro'][index]!;
      expect(html).toContain(`${own}-prerender@example.com`);
      for (const other of ['uno', 'dos', 'tres', 'cuatro'].filter((name) => name !== own)) expect(html).not.toContain(`${other}-prerender@`);
    });
  });

  it('answers a hostile or malformed address with a page, never an error, and nothing of it unescaped', async () => {
    for (const url of ['/admin?tab=reservas&q=%E0%A4%A', '/admin?x=%3Cscript%3Ealert(1)%3C%2Fscript%3E&tab=reservas', "/admin?a=\"><img src=x onerror=alert(1)>"]) {
      const { response, html } = await admin(url, owner());
      expect(response.statusCode).toBe(200);
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img src=x');
    }
  });

  it('keeps the spinner page for another tab, which the browser renders', async () => {
    const { response, html } = await admin('/admin?tab=historial', owner());
    expect(response.statusCode).toBe(200);
    expect(html).toBe(spinnerPage);
  });
});

describe('GET /admin without a staff session', () => {
  it.each([
    { who: 'nobody signed in', cookie: undefined },
    { who: 'an unknown session', cookie: 'mesa_session=not-a-session' },
  ])('sends the spinner page for $who (the browser sends them to /auth)', async ({ cookie }) => {
    const { response, html } = await admin('/admin', cookie);
    expect(response.statusCode).toBe(200);
    expect(html).toBe(spinnerPage);
    expect(html).not.toContain('Bruno Díaz');
  });

  it('sends the spinner page to an account without a role, and records nothing on its behalf', async () => {
    const cookie = await app().signIn({ roles: [] });
    const before = await db().select().from(loginAttempts);
    const { html } = await admin('/admin', cookie);
    expect(html).toBe(spinnerPage);
    expect(html).not.toContain('Bruno Díaz');
    // The browser's own check records the attempt, once: the server's render did not.
    expect(await db().select().from(loginAttempts)).toHaveLength(before.length);
  });
});
