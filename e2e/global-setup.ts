// Starts the real server (built web app, fresh SQLite data dir, Madrid dataset) once for all journeys.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../scripts/free-port.ts';
import { ROOT, startServer, type ServerProcess } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

let server: ServerProcess | undefined;

export async function setup(project: TestProject) {
  // WEB_DIST_DIR (also read by the server) points at another build of the web app.
  const webDist = process.env.WEB_DIST_DIR
    ? path.resolve(process.env.WEB_DIST_DIR)
    : path.join(ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error(`Build the web app first: npm run build (no ${webDist}/index.html)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-e2e-'));
  // The journeys run in parallel and many sign in as the same demo CEO within minutes: the per-account sign-in
  // limit (10 per 5 min, tested on its own in auth-rate-limit.test.ts) is raised for this server only.
  server = await startServer({ port: await freePort(), dataDir, env: { SIGN_IN_ACCOUNT_LIMIT: '1000' } });
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', dataDir);
  return async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
