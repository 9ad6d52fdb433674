// Web performance budget of the home page, measured on the production build:
//  1. JavaScript on first load, gzip: the entry chunk and its modulepreloads (what runs before the first
//     route), and everything the home page actually loads before it is drawn (shell + home chunks).
//  2. Largest Contentful Paint in Chromium on a throttled phone: 4x CPU slowdown, DevTools "Fast 3G".
// Run: npm run build -w @nocturna/web && node bench/web-vitals.ts   (BASE_URL=... to use a running server)
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { entryJs, gzipKb, startServer } from './web-server.ts';

const BUDGET_JS_GZIP_KB = 170;
const BUDGET_LCP_MS = 2500;
const RUNS = Number(process.env.RUNS ?? 3);
// Chrome DevTools' "Fast 3G" preset (the one Lighthouse's mobile profile is calibrated against).
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.44 * 1024 * 1024) / 8,
  uploadThroughput: (0.675 * 1024 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

type Run = { lcpMs: number; lcpElement: string; jsKb: number };

async function measure(baseURL: string): Promise<Run[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const runs: Run[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      // A fresh context per run: cold HTTP cache and no service worker, like a first visit.
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        locale: 'es-ES',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', FAST_3G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      let jsKb = 0;
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        const body = await response.body().catch(() => null);
        if (body) jsKb += gzipKb(body);
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: { t: number; el: string } };
        w.__lcp = { t: 0, el: '' };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
            w.__lcp = {
              t: entry.startTime,
              el: entry.element
                ? `${entry.element.tagName.toLowerCase()}${entry.element.className ? '.' + String(entry.element.className).split(' ')[0] : ''}`
                : '',
            };
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      page.on('pageerror', (err) => console.error(`run ${i + 1}: page error: ${err.message}`));
      await page.goto(baseURL + '/', { waitUntil: 'load', timeout: 120_000 });
      await page.waitForLoadState('networkidle', { timeout: 120_000 });
      await page.waitForTimeout(1000);
      const lcp = await page.evaluate(
        () => (window as unknown as { __lcp: { t: number; el: string } }).__lcp,
      );
      runs.push({ lcpMs: Math.round(lcp.t), lcpElement: lcp.el, jsKb });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return runs;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const entry = entryJs();
const server = await startServer();
try {
  const runs = await measure(server.baseURL);
  const lcp = median(runs.map((r) => r.lcpMs));
  const homeJs = median(runs.map((r) => r.jsKb));
  const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');
  console.log(
    `Home page, production build, ${RUNS} cold loads at 390x844, ${CPU_SLOWDOWN}x CPU slowdown, Fast 3G`,
  );
  console.log(
    `  entry JS before the first route (gzip): ${entry.kb.toFixed(1)} KB in ${entry.files.length} files  budget ${BUDGET_JS_GZIP_KB} KB  ${verdict(entry.kb <= BUDGET_JS_GZIP_KB)}`,
  );
  console.log(
    `  all JS the home page loads (gzip):      ${homeJs.toFixed(1)} KB  budget ${BUDGET_JS_GZIP_KB} KB  ${verdict(homeJs <= BUDGET_JS_GZIP_KB)}`,
  );
  console.log(
    `  LCP (median):                           ${(lcp / 1000).toFixed(2)} s  budget ${(BUDGET_LCP_MS / 1000).toFixed(1)} s  ${verdict(lcp <= BUDGET_LCP_MS)}`,
  );
  console.log(
    `  runs: ${runs.map((r) => `${(r.lcpMs / 1000).toFixed(2)} s (${r.lcpElement || 'unknown element'}, ${r.jsKb.toFixed(1)} KB JS)`).join(', ')}`,
  );
  process.exitCode = entry.kb <= BUDGET_JS_GZIP_KB && lcp <= BUDGET_LCP_MS ? 0 : 1;
} finally {
  await server.stop();
}
