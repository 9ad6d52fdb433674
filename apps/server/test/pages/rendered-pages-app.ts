// The app for tests of server-rendered pages: it needs the web app's own server renderer (`npm run build`, which
// `npm test` runs first), and absolute links (canonical, og:url, JSON-LD, the sitemap) start with PUBLIC_URL,
// never the Host header.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type Dialect, type TestApp } from '../test-app.ts';

export const rendererFile = `${loadConfig({}).webDist}-ssr/entry-server.js`;
export const PUBLIC_URL = 'http://nocturna.test';

export async function createRenderedPagesApp(dialect: Dialect): Promise<TestApp> {
  expect(
    fs.existsSync(rendererFile),
    `${path.relative(process.cwd(), rendererFile)}: run npm run build`,
  ).toBe(true);
  return await createTestApp(dialect, { publicUrl: PUBLIC_URL });
}
