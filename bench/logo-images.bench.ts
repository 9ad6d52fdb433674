// What a club logo costs a phone's main thread as the server's SVG (what the app showed) against the same logo as
// the server's 96-pixel WebP (what it shows now, the baseline): a browser lays out and paints each SVG image as a
// document of its own. Twelve logos, the Madrid dataset's first twelve clubs, on a phone-sized page with Chromium's
// 4x CPU slowdown (Lighthouse's), alternating runs; main-thread time from navigation to network idle.
// Run: npm run build && npm run bench:logos   (BASE_URL=... to measure a running server)
import { chromium, type CDPSession } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { pct } from './bench-stats.ts';
import { startServer } from './web-server.ts';

const RUNS = Number(process.env.LOGO_RUNS ?? 8);
const LOGOS = 12;

type TraceEvent = { name: string; pid: number; tid: number; dur?: number; args?: { name?: string } };

// The renderer's main thread is the busiest CrRendererMain of the trace (Chromium also starts one for about:blank).
function mainThreadMs(events: TraceEvent[]): number {
  const busy = (thread: TraceEvent) =>
    events
      .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  return Math.max(...mains.map(busy)) / 1000;
}

async function traced(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  // The protocol types an event's fields as strings; a trace event's are these.
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await load();
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const clubs = (await (await fetch(`${server.baseURL}/api/clubs?limit=${LOGOS}`)).json()) as {
    items: { id: string }[];
  };
  const page = (format: string) =>
    '<!doctype html><meta name="viewport" content="width=device-width"><body>' +
    clubs.items
      .map((club) => `<img src="/media/clubs/${club.id}/logo.${format}" alt="" width="44" height="44">`)
      .join('');
  const formats = { svg: 'svg', webp: `webp?w=96` } as const;
  const ms: Record<keyof typeof formats, number[]> = { svg: [], webp: [] };
  for (let run = 0; run < RUNS; run++)
    for (const format of run % 2 ? (['webp', 'svg'] as const) : (['svg', 'webp'] as const)) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
      });
      const tab = await context.newPage();
      const url = `${server.baseURL}/__logos`;
      await tab.route(url, (route) =>
        route.fulfill({ contentType: 'text/html', body: page(formats[format]) }),
      );
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const events = await traced(cdp, async () => {
        await tab.goto(url, { waitUntil: 'networkidle' });
      });
      ms[format].push(mainThreadMs(events));
      await context.close();
    }
  const svg = pct(ms.svg, 50);
  const webp = pct(ms.webp, 50);
  console.log(`${clubs.items.length} club logos, phone size, 4x CPU, median of ${RUNS} alternating runs`);
  console.log('logos as                 main thread ms   × baseline   runs');
  console.log(
    `WebP 96 px (baseline)    ${webp.toFixed(0).padStart(15)}   ${'1.00'.padStart(10)}   ${ms.webp.map((x) => x.toFixed(0)).join(' ')}`,
  );
  console.log(
    `SVG                      ${svg.toFixed(0).padStart(15)}   ${(svg / webp).toFixed(2).padStart(10)}   ${ms.svg.map((x) => x.toFixed(0)).join(' ')}`,
  );
  console.log(`per SVG logo: ${((svg - webp) / clubs.items.length).toFixed(1)} ms more at 4x`);
} finally {
  await browser.close();
  await server.stop();
}
