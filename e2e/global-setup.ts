// Starts the real server (built web app, fresh SQLite data dir, Madrid dataset) once for all journeys.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../scripts/free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

let child: ChildProcess | undefined;

export async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '..');
  // WEB_DIST_DIR (also read by the server) points at another build of the web app.
  const webDist = process.env.WEB_DIST_DIR
    ? path.resolve(process.env.WEB_DIST_DIR)
    : path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error(`Build the web app first: npm run build (no ${webDist}/index.html)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['apps/server/src/main.ts'], {
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
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  return async () => {
    child?.kill('SIGTERM');
    await new Promise((r) => child?.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
