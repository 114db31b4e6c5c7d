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

/** Which element the LCP was (its CSS selector), for the note. */
function lcpElement(audits: Record<string, { details?: unknown }>): string {
  const details = audits['largest-contentful-paint-element']?.details as { items?: LcpElementItem[] } | undefined;
  const selector = details?.items?.[0]?.items?.[0]?.node?.selector;
  return selector ? `element: ${selector}` : '';
}

/**
 * Lighthouse's default (mobile) profile against the running server's guest page. `expectedScripts` (the bundle
 * scenario's initial set) is checked against the scripts Chromium actually fetched.
 */
export async function runLighthouse(url: string, profileDir: string, expectedScripts: string[]): Promise<Measurement[]> {
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  try {
    chromium = await launchChromium(profileDir);
  } catch (error) {
    return [skipped(SCENARIO, `chromium could not start: ${error instanceof Error ? error.message : String(error)}`)];
  }
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) return [skipped(SCENARIO, 'Lighthouse returned no result')];
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
    return [
      measure(SCENARIO, 'performance', score('performance'), '', atLeast(95), note),
      measure(SCENARIO, 'accessibility', score('accessibility'), '', exactly(100)),
      measure(SCENARIO, 'best practices', score('best-practices'), ''),
      measure(SCENARIO, 'SEO', score('seo'), ''),
      measure(SCENARIO, 'largest contentful paint', round(lcp / 1000, 2), 's', below(1.5), lcpElement(audits)),
      measure(SCENARIO, 'total blocking time', Math.round(tbt), 'ms', undefined, 'long tasks between first paint and interactive, CPU slowed 4×'),
      measure(SCENARIO, 'cumulative layout shift', round(cls, 3), ''),
      measure(SCENARIO, 'bytes transferred for /', round(bytes / 1024), 'KB', undefined, "as served: brotli (the build's .br files) where the browser accepts it"),
      measure(SCENARIO, 'scripts fetched outside the computed initial set', unexpected.length, '', exactly(0),
        `${scripts.length} scripts fetched${unexpected.length ? `: ${unexpected.join(', ')}` : ''}`),
    ];
  } finally {
    chromium.kill();
  }
}
