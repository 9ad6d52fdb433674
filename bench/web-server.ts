// What the browser benches share: the production server on a fresh SQLite copy of the Madrid dataset, and the
// entry JavaScript of the built web app (what runs before the first route), gzip-measured.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort } from '../scripts/free-port.ts';

export const root = path.resolve(import.meta.dirname, '..');
export const dist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
export const gzipKb = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length / 1024;

export function entryJs(): { files: string[]; kb: number } {
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error('Build the web app first: npm run build');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  const kb = files.reduce((sum, file) => sum + gzipKb(fs.readFileSync(path.join(dist, file))), 0);
  return { files, kb };
}

export async function startServer(): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  if (process.env.BASE_URL) return { baseURL: process.env.BASE_URL, stop: async () => {} };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-web-bench-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
