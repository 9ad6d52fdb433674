// A deploy while the app is installed on a phone: build A is served and its service worker takes over, then
// the server restarts with build B, whose hashed files all have new names while A's are gone. A reload must
// show build B (never a saved HTML shell naming deleted files), the app keeps working offline on B's files, and
// a page opened before the deploy that reaches a chunk the deploy removed loads build B instead of failing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../scripts/free-port.ts';
import { launch, newContext, snap, watchErrors } from './browser.ts';
import { ROOT, startServer, type ServerProcess } from './server-process.ts';

const BUILT = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(ROOT, 'apps/web/dist');
const HASHED = /^(.+)-([A-Za-z0-9_-]{8})\.(js|css)$/;
const TEXT = /\.(html|js|css|map|json|webmanifest)$/;

// Build B: the same app with every hashed asset renamed (as a rebuild with changed code would), references
// rewritten, and none of build A's hashed files left.
function rebuiltCopy(from: string, to: string): Map<string, string> {
  fs.cpSync(from, to, { recursive: true });
  const assets = path.join(to, 'assets');
  const hashes = fs
    .readdirSync(assets)
    .map((name) => HASHED.exec(name)?.[2])
    .filter((hash): hash is string => Boolean(hash));
  const renamed = new Map(
    hashes.map((hash) => [hash, `${hash.slice(0, 7)}${hash.at(-1) === 'z' ? 'y' : 'z'}`]),
  );
  // The build's compressed copies (name.br, name.gz), which the server sends in place of the file, are made again
  // from the rewritten files, as the rebuild would make them; at quick qualities (the build's brotli 11 took 8.8 s
  // of CPU for these 229 files, quality 4 a quarter of a second; the journey checks what is served, not its size).
  const compressed = fs.readdirSync(assets).filter((name) => /\.(br|gz)$/.test(name));
  for (const name of compressed) fs.rmSync(path.join(assets, name));
  const rewrite = (text: string) =>
    text.replace(/-([A-Za-z0-9_-]{8})\./g, (m, h: string) => (renamed.has(h) ? `-${renamed.get(h)}.` : m));
  for (const dir of [to, assets]) {
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (!fs.statSync(file).isFile()) continue;
      if (TEXT.test(name)) fs.writeFileSync(file, rewrite(fs.readFileSync(file, 'utf8')));
      const next = rewrite(name);
      if (next !== name) fs.renameSync(file, path.join(dir, next));
      if (dir === assets && fs.existsSync(path.join(from, 'assets', `${name}.br`))) {
        const text = fs.readFileSync(path.join(dir, next));
        fs.writeFileSync(
          path.join(dir, `${next}.br`),
          brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
        );
        fs.writeFileSync(path.join(dir, `${next}.gz`), gzipSync(text, { level: 1 }));
      }
    }
  }
  return renamed;
}

const entryScript = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '');

const controlled = (page: Page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
      );
  });

describe('a deploy while the app is installed', () => {
  let browser: Browser;
  let work: string;
  let distA: string;
  let distB: string;
  let port: number;
  let server: ServerProcess | undefined;

  const serve = async (webDist: string) => {
    await server?.stop();
    server = await startServer({ port, dataDir: path.join(work, 'data'), webDist });
  };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-deploy-'));
    fs.mkdirSync(path.join(work, 'data'));
    distA = path.join(work, 'dist-a');
    distB = path.join(work, 'dist-b');
    fs.cpSync(BUILT, distA, { recursive: true });
    rebuiltCopy(distA, distB);
    port = await freePort();
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('reloads into the new build, whose files then work offline', async () => {
    await serve(distA);
    const context = await newContext(browser, 'phone', server!.baseURL);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    await controlled(page);
    const entryA = await entryScript(page);
    expect(entryA).toMatch(/\/assets\/index-[A-Za-z0-9_-]{8}\.js$/);
    // The page has finished loading (its club logos and covers too) before the deploy: an image still on its way
    // when the server restarts fails, and that would be the test's doing, not the deploy's.
    await page.waitForLoadState('networkidle');

    await serve(distB);
    expect((await fetch(entryA)).status).toBe(404);
    await page.reload();
    const entryB = await entryScript(page);
    expect(entryB).not.toBe(entryA);
    expect(fs.existsSync(path.join(distB, 'assets', path.basename(new URL(entryB).pathname)))).toBe(true);
    await page.getByRole('main').waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(errors).toEqual([]);

    // No signal: the saved shell is build B's, and so are the files it names.
    await context.setOffline(true);
    await page.reload();
    expect(await entryScript(page)).toBe(entryB);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await snap(page, 'pwa-update-phone-offline-after-deploy');
    await context.close();
  });

  it('loads the new build when an open page reaches a chunk the deploy removed', async () => {
    await serve(distA);
    const context = await newContext(browser, 'desktop', server!.baseURL);
    const page = await context.newPage();
    await page.goto('/');
    await controlled(page);
    const entryA = await entryScript(page);

    await serve(distB);
    // The page still runs build A; the clubs page's chunk was never loaded, and the server no longer has it.
    // The only way to a working page is a full load of build B (a 'load' event; a client-side move has none).
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await page.getByRole('link', { name: 'Discotecas' }).first().click();
    await reloaded;
    await page.waitForURL(/\/discotecas$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await entryScript(page)).not.toBe(entryA);
    expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    await snap(page, 'pwa-update-desktop-after-stale-chunk');
    await context.close();
  });
});
