// The map of /explore with an online style, on its own server started with MAP_STYLE_URL pointing at a
// local stand-in for a tile host: a tiny MapLibre style whose one source is a GeoJSON file on the same host. The
// map draws that style when it answers (the browser fetching the style and, from MapLibre's worker, its source:
// the Content-Security-Policy lets both through); when the style answers 503, or its source fails before the
// first frame, the map draws the offline basemap instead, with the clubs on it either way.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../scripts/free-port.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { launch, newContext, snap, watchErrors } from './browser.ts';

type TileHost = {
  url: string;
  requests: string[];
  fail: { style: boolean; source: boolean };
  close: () => Promise<void>;
};

// Central Madrid as one polygon, in a colour the offline basemap never uses.
const MADRID = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Madrid' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-3.73, 40.4],
            [-3.66, 40.4],
            [-3.66, 40.45],
            [-3.73, 40.45],
            [-3.73, 40.4],
          ],
        ],
      },
    },
  ],
};

async function startTileHost(): Promise<TileHost> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const host: TileHost = { url, requests: [], fail: { style: false, source: false }, close: async () => {} };
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!;
    host.requests.push(pathname);
    res.setHeader('access-control-allow-origin', '*');
    // The journeys' browser sends X-Forwarded-For on every request (browser.ts), which makes it preflight.
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '',
      });
      return res.end();
    }
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (pathname === '/styles/madrid.json') {
      if (host.fail.style) return json(503, { error: 'down' });
      return json(200, {
        version: 8,
        name: 'Stand-in',
        sources: { madrid: { type: 'geojson', data: `${url}/data/madrid.geojson` } },
        layers: [
          { id: 'background', type: 'background', paint: { 'background-color': '#0c2a1e' } },
          { id: 'madrid', type: 'fill', source: 'madrid', paint: { 'fill-color': '#1d6b4a' } },
        ],
      });
    }
    if (pathname === '/data/madrid.geojson')
      return host.fail.source ? json(500, { error: 'broken' }) : json(200, MADRID);
    json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  host.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return host;
}

let browser: Browser;
let tiles: TileHost;
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  tiles = await startTileHost();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-e2e-map-'));
  server = await startServer({
    port: await freePort(),
    dataDir,
    env: { MAP_STYLE_URL: `${tiles.url}/styles/madrid.json` },
  });
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await tiles?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function openExplore(page: Page) {
  await page.goto('/explore');
  await page.locator('[data-testid="explore-map"][data-ready="true"]').waitFor({ timeout: 20_000 });
  await page.getByTestId('club-marker').first().waitFor();
  return page.getByTestId('explore-map').getAttribute('data-basemap');
}

// The one error a failing tile host causes: the browser's own log line for the failed request to it.
const besidesTileHost = (errors: string[]) => errors.filter((e) => !e.includes(tiles.url));

describe('the explore map with an online style', () => {
  it('draws the online style when it answers, its source fetched by the map from the style’s host', async () => {
    tiles.requests.length = 0;
    const context = await newContext(browser, 'desktop', server.baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    expect(await openExplore(page)).toBe('online');
    expect(tiles.requests).toEqual(expect.arrayContaining(['/styles/madrid.json', '/data/madrid.geojson']));
    expect(await page.getByTestId('club-marker').count()).toBeGreaterThan(3);
    // The offline basemap's barrio names are not drawn over the online style.
    expect(await page.getByTestId('explore-map').getByText('Malasaña', { exact: true }).count()).toBe(0);
    await snap(page, 'discovery-map-online');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('falls back to the offline basemap when the style answers 503, or its source fails to load', async () => {
    for (const broken of ['style', 'source'] as const) {
      tiles.fail[broken] = true;
      const context = await newContext(browser, 'desktop', server.baseURL);
      const page = await context.newPage();
      const errors = watchErrors(page);
      expect(await openExplore(page), broken).toBe('offline');
      expect(await page.getByTestId('club-marker').count()).toBeGreaterThan(3);
      await page.getByTestId('explore-map').getByText('Malasaña', { exact: true }).waitFor();
      await snap(page, `discovery-map-offline-${broken}`);
      expect(besidesTileHost(errors)).toEqual([]);
      tiles.fail[broken] = false;
      await context.close();
    }
  });
});
