import { spawn } from 'node:child_process';
import lighthouse from 'lighthouse';
import { atLeast, below, exactly, measure, skipped, type Measurement } from '../lib/results.ts';
import { round } from '../lib/stats.ts';

const SCENARIO = 'lighthouse (mobile)';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's chromium, headless, with a DevTools port for Lighthouse; resolves once that port is known. */
function launchChromium(profileDir: string): Promise<{ port: number; kill(): void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(CHROMIUM, [
      '--headless=new',
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-extensions',
      '--remote-debugging-port=0',
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`chromium gave no DevTools port: ${stderr}`)), 30_000);
    child.once('error', reject);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ port: Number(port), kill: () => child.kill('SIGKILL') });
      }
    });
  });
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
}

interface LcpElementItem {
  items?: Array<{ node?: { selector?: string } }>;
}

interface Report {
  categories: Record<string, { auditRefs: Array<{ id: string; weight: number }> } | undefined>;
  audits: Record<string, { score: number | null; details?: unknown }>;
}

/** The audits of a category that failed, with the first offending element of each, for the note. */
function failedAudits(lhr: Report, category: string): string {
  const failed = (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => {
      const items = (lhr.audits[ref.id]?.details as { items?: Array<{ node?: { selector?: string } }> } | undefined)?.items ?? [];
      const selector = items[0]?.node?.selector;
      return selector ? `${ref.id} (${selector})` : ref.id;
    });
  return failed.length ? `failed: ${failed.join('; ')}` : '';
}

/** Which element the LCP was (its CSS selector), for the note. */
function lcpElement(audits: Record<string, { details?: unknown }>): string {
  const details = audits['largest-contentful-paint-element']?.details as { items?: LcpElementItem[] } | undefined;
  const selector = details?.items?.[0]?.items?.[0]?.node?.selector;
  return selector ? `element: ${selector}` : '';
}

interface LighthouseGoals {
  /** The scenario the figures are reported under. */
  scenario: string;
  performance: number;
  /** Seconds; null: reported for information. */
  lcp: number | null;
  /** A signed-in page: the session's Cookie header, sent with every request. */
  cookie?: string;
}

const GUEST_GOALS: LighthouseGoals = { scenario: SCENARIO, performance: 95, lcp: 1.5 };
/** /reservar, the booking form alone for other sites' frames (decision 028): the guest page's budgets. */
export const WIDGET_GOALS: LighthouseGoals = { scenario: `${SCENARIO} /reservar`, performance: 95, lcp: 1.5 };

/**
 * Lighthouse's default (mobile) profile against a page of the running server (the guest page unless `goals` say
 * otherwise). `expectedScripts` (the bundle scenario's initial set) is checked against the scripts Chromium fetched.
 */
export async function runLighthouse(url: string, profileDir: string, expectedScripts: string[], goals: LighthouseGoals = GUEST_GOALS): Promise<Measurement[]> {
  const scenario = goals.scenario;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  try {
    chromium = await launchChromium(profileDir);
  } catch (error) {
    return [skipped(scenario, `chromium could not start: ${error instanceof Error ? error.message : String(error)}`)];
  }
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      ...(goals.cookie ? { extraHeaders: { Cookie: goals.cookie } } : {}),
    });
    if (!result) return [skipped(scenario, 'Lighthouse returned no result')];
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? Number.NaN) * 100);
    const lcp = audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
    const note = `Lighthouse ${result.lhr.lighthouseVersion}, simulated mobile throttling`;
    const requests = ((audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []);
    const scripts = requests.filter((request) => request.resourceType === 'Script').map((request) => new URL(request.url).pathname.slice(1));
    const unexpected = scripts.filter((script) => !expectedScripts.includes(script));
    const bytes = audits['total-byte-weight']?.numericValue ?? Number.NaN;
    const tbt = audits['total-blocking-time']?.numericValue ?? Number.NaN;
    const cls = audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
    const path = new URL(url).pathname;
    return [
      measure(scenario, 'performance', score('performance'), '', atLeast(goals.performance), note),
      measure(scenario, 'accessibility', score('accessibility'), '', exactly(100), failedAudits(result.lhr, 'accessibility')),
      measure(scenario, 'best practices', score('best-practices'), ''),
      measure(scenario, 'SEO', score('seo'), ''),
      measure(scenario, 'largest contentful paint', round(lcp / 1000, 2), 's', goals.lcp === null ? undefined : below(goals.lcp), lcpElement(audits)),
      measure(scenario, 'total blocking time', Math.round(tbt), 'ms', undefined, 'long tasks between first paint and interactive, CPU slowed 4×'),
      measure(scenario, 'cumulative layout shift', round(cls, 3), ''),
      measure(scenario, `bytes transferred for ${path}`, round(bytes / 1024), 'KB', undefined, "as served: brotli (the build's .br files) where the browser accepts it"),
      measure(scenario, 'scripts fetched outside the computed initial set', unexpected.length, '', exactly(0),
        `${scripts.length} scripts fetched${unexpected.length ? `: ${unexpected.join(', ')}` : ''}`),
    ];
  } finally {
    chromium.kill();
  }
}
